// The composition tool (states: idle, analyzing, result shown). The owner chooses a photo (JPG,
// PNG or WebP under 10 MB), sees it, and sends it as base64 to POST /api/analyze-composition.
import { useEffect, useRef, useState } from 'react';
import { sendJson } from '~/lib/client/api';
import { notify } from '~/lib/client/toaster';
import { COMPOSITION_IMAGE_TYPES, COMPOSITION_MAX_BYTES } from '~/lib/shared/constants';
import { type CompositionAnalysis, compositionAnalysisSchema } from '~/lib/shared/schemas';
import CompositionResult from './CompositionResult';

const ACCEPT = COMPOSITION_IMAGE_TYPES.join(',');

/** The file as base64 without the data: prefix, as the endpoint expects it. */
function toBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

async function analyse(file: File): Promise<CompositionAnalysis> {
  let body: unknown;
  try {
    body = await sendJson('POST', '/api/analyze-composition', { image: await toBase64(file) });
  } catch {
    throw new Error('Analysis failed');
  }
  return compositionAnalysisSchema.parse(body);
}

export default function CompositionAnalyzer() {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [analysis, setAnalysis] = useState<CompositionAnalysis | null>(null);

  const input = useRef<HTMLInputElement>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!(COMPOSITION_IMAGE_TYPES as readonly string[]).includes(chosen.type)) {
      void notify('error', 'Unsupported file type', 'Please choose a JPG, PNG or WebP photo');
      return;
    }
    if (chosen.size > COMPOSITION_MAX_BYTES) {
      void notify('error', 'File too large', 'Please select an image under 10MB');
      return;
    }
    setFile(chosen);
    setAnalysis(null);
    setPreview(URL.createObjectURL(chosen));
  };

  // The island hydrates only once React has loaded: a photo chosen in the server-rendered input
  // before then is still in it, so take it up now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => choose(input.current?.files?.[0]), []);

  const run = async () => {
    if (!file) return;
    setBusy(true);
    try {
      setAnalysis(await analyse(file));
      void notify('success', 'Analysis Complete', 'Your photo composition has been analyzed!');
    } catch {
      void notify('error', 'Analysis Failed', 'Unable to analyze the composition. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <div className="rounded-md border border-mist-200 bg-white p-5 sm:p-6">
        <label htmlFor="composition-photo" className="block font-medium text-ink-950">
          Choose a photo
        </label>
        <p id="composition-photo-hint" className="mt-1 text-sm text-ink-700">
          JPG, PNG or WebP, under 10MB.
        </p>
        <input
          id="composition-photo"
          ref={input}
          type="file"
          accept={ACCEPT}
          aria-describedby="composition-photo-hint"
          className="mt-3 block w-full text-sm file:mr-4 file:min-h-11 file:rounded-md file:border file:border-ink-700 file:bg-white file:px-4 file:font-medium"
          onChange={(e) => choose(e.target.files?.[0])}
        />
        {preview && (
          <img
            src={preview}
            alt={`The chosen photo, ${file?.name ?? ''}`}
            className="mt-5 max-h-[28rem] w-auto max-w-full rounded-md"
          />
        )}
        <button
          type="button"
          className="btn btn-primary mt-5 w-full sm:w-auto"
          disabled={!file || busy}
          aria-busy={busy}
          onClick={run}
        >
          {busy ? 'Analyzing...' : 'Analyze Composition'}
        </button>
      </div>
      {analysis && <CompositionResult analysis={analysis} />}
    </div>
  );
}
