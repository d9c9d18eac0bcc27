// The composition tool (states: idle, analyzing, result shown). Either the owner chooses a photo (JPG,
// PNG or WebP under 10 MB), sees it, and sends it as base64 to POST /api/analyze-composition; or, with
// a site photo's id (/composition-analysis?photo={id}), the photo opens with its kept analysis and
// its date, and 'Analyze Composition' analyses its stored original again on the server. Under the
// preview the owner can say whether the line found is the horizon; the analysis is redone with that
// word (for a site photo, the word is kept with its analysis).
import { useEffect, useRef, useState } from 'react';
import {
  type CompositionAnalysis,
  compositionAnalysisSchema,
  type HorizonChoice,
  type PhotoAnalysisResponse,
  photoAnalysisResponseSchema,
} from '~/lib/composition/schemas';
import { getJson, HttpError, sendJson } from '~/lib/platform/client/api';
import { notify } from '~/lib/platform/client/toaster';
import {
  COMPOSITION_IMAGE_TYPES,
  COMPOSITION_MAX_BYTES,
  COMPOSITION_TIP_TYPES,
  type CompositionTipType,
} from '~/lib/site/constants';
import CompositionOverlay from './CompositionOverlay';
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

/** A failed analysis: the server's own words for a refusal over the hourly limit, else the usual. */
function failureText(err: unknown): string {
  if (err instanceof HttpError && err.status === 429 && err.serverMessage) return err.serverMessage;
  return 'Unable to analyze the composition. Please try again.';
}

const dateFormat = new Intl.DateTimeFormat('en-IE', { dateStyle: 'long', timeStyle: 'short' });

const tipTypeOf = (category: string): CompositionTipType => (category === 'aerial' ? 'aerial' : 'landscape');

function Shell({ children }: { children: React.ReactNode }) {
  return <div className="rounded-md border border-mist-200 bg-white p-5 sm:p-6">{children}</div>;
}

function AnalyzeButton({
  disabled,
  busy,
  onClick,
}: {
  disabled: boolean;
  busy: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="btn btn-primary mt-5 w-full sm:w-auto"
      disabled={disabled || busy}
      aria-busy={busy}
      onClick={onClick}
    >
      {busy ? 'Analyzing...' : 'Analyze Composition'}
    </button>
  );
}

function SitePhoto({ photoId }: { photoId: string }) {
  const [data, setData] = useState<PhotoAnalysisResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const path = `/api/admin/photos/${encodeURIComponent(photoId)}/analysis`;

  useEffect(() => {
    getJson<unknown>(path)
      .then((body) => setData(photoAnalysisResponseSchema.parse(body)))
      .catch((err) =>
        setProblem(
          err instanceof HttpError && err.status === 404
            ? 'That photo was not found. It may have been deleted.'
            : 'The photo could not be loaded. Please try again.',
        ),
      );
  }, [path]);

  const run = async (horizonChoice?: HorizonChoice) => {
    setBusy(true);
    try {
      setData(photoAnalysisResponseSchema.parse(await sendJson('POST', path, { horizonChoice })));
      void notify('success', 'Analysis Complete', 'Your photo composition has been analyzed!');
    } catch (err) {
      void notify('error', 'Analysis Failed', failureText(err));
    } finally {
      setBusy(false);
    }
  };

  if (problem) {
    return (
      <Shell>
        <p className="text-ink-800">{problem}</p>
        <a href="/composition-analysis" className="btn btn-secondary mt-4">
          Analyse an upload instead
        </a>
      </Shell>
    );
  }
  if (!data) {
    return (
      <Shell>
        <p className="text-ink-700">Loading the photo...</p>
      </Shell>
    );
  }
  const { photo, kept } = data;
  return (
    <div>
      <Shell>
        <h2 className="text-2xl text-ink-950">{photo.title}</h2>
        <p className="mt-1 text-sm text-ink-700">
          {kept ? `Last analysed ${dateFormat.format(new Date(kept.analysedAt))}.` : 'Not analysed yet.'}
        </p>
        <div className="mt-4">
          <CompositionOverlay
            src={photo.imageUrl}
            alt={`The photo ${photo.title}`}
            measurements={kept?.analysis.measurements}
            busy={busy}
            onChoose={(choice) => void run(choice)}
          />
        </div>
        <AnalyzeButton disabled={false} busy={busy} onClick={() => void run()} />
      </Shell>
      {kept && <CompositionResult analysis={kept.analysis} tipType={tipTypeOf(photo.category)} />}
    </div>
  );
}

async function analyse(file: File, horizonChoice?: HorizonChoice): Promise<CompositionAnalysis> {
  const body = await sendJson('POST', '/api/analyze-composition', {
    image: await toBase64(file),
    horizonChoice,
  });
  return compositionAnalysisSchema.parse(body);
}

function Upload() {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [analysis, setAnalysis] = useState<CompositionAnalysis | null>(null);
  const [tipType, setTipType] = useState<CompositionTipType>('landscape');

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

  const run = async (horizonChoice?: HorizonChoice) => {
    if (!file) return;
    setBusy(true);
    try {
      setAnalysis(await analyse(file, horizonChoice));
      void notify('success', 'Analysis Complete', 'Your photo composition has been analyzed!');
    } catch (err) {
      void notify('error', 'Analysis Failed', failureText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <Shell>
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
        <label htmlFor="composition-kind" className="mt-4 block font-medium text-ink-950">
          Kind of photo
        </label>
        <select
          id="composition-kind"
          className="mt-1 min-h-11 rounded-md border border-ink-700 bg-white px-3"
          value={tipType}
          onChange={(e) => setTipType(e.target.value as CompositionTipType)}
        >
          {COMPOSITION_TIP_TYPES.map((t) => (
            <option key={t} value={t}>
              {t === 'aerial' ? 'Aerial' : 'Landscape'}
            </option>
          ))}
        </select>
        {preview && (
          <div className="mt-5">
            <CompositionOverlay
              src={preview}
              alt={`The chosen photo, ${file?.name ?? ''}`}
              measurements={analysis?.measurements}
              busy={busy}
              onChoose={(choice) => void run(choice)}
            />
          </div>
        )}
        <AnalyzeButton disabled={!file} busy={busy} onClick={() => void run()} />
      </Shell>
      {analysis && <CompositionResult analysis={analysis} tipType={tipType} />}
    </div>
  );
}

export default function CompositionAnalyzer({ photoId }: { photoId?: string }) {
  return photoId ? <SitePhoto photoId={photoId} /> : <Upload />;
}
