// The optional vision-model critic (the local analyser is its fallback): any OpenAI-compatible
// chat-completions endpoint. The photo is sent downscaled (1024 px JPEG) as a data URL; the answer
// must be a JSON object that passes the same schema as the local analyser's, or this throws.
import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '~/lib/server/images';
import { type CompositionAnalysis, compositionAnalysisSchema } from '~/lib/shared/schemas';

export interface ModelSettings {
  apiKey: string;
  baseUrl: string | undefined;
  model: string;
  timeoutMs?: number;
}

export const DEFAULT_OPENAI_BASE = 'https://api.openai.com/v1';

const SYSTEM_PROMPT = `You are an experienced landscape and aerial photographer critiquing a photo's composition for a fellow professional.
Answer with one JSON object only, in exactly this shape:
{"overallScore": number 0-10, "summary": string, "strengths": string[], "improvements": string[],
 "compositionElements": {"<element name>": {"score": number 0-10, "feedback": string}}, "tips": string[]}
Cover at least these elements: Horizon, Rule of Thirds, Visual Balance, Exposure, Sharpness, Colour, Leading Lines.
Be specific to this photo and plain-spoken; at most 5 tips.`;

interface ChatCompletion {
  choices?: { message?: { content?: string | null } }[];
}

export async function analyseWithModel(image: Buffer, settings: ModelSettings): Promise<CompositionAnalysis> {
  const jpeg = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(1024, 1024, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();
  const base = (settings.baseUrl ?? DEFAULT_OPENAI_BASE).replace(/\/+$/, '');
  const res = await fetch(`${base}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.apiKey}` },
    signal: AbortSignal.timeout(settings.timeoutMs ?? 60_000),
    body: JSON.stringify({
      model: settings.model,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Analyse the composition of this photograph.' },
            { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${jpeg.toString('base64')}` } },
          ],
        },
      ],
    }),
  });
  if (!res.ok) throw new Error(`the model endpoint answered ${res.status}`);
  const body = (await res.json()) as ChatCompletion;
  const content = body.choices?.[0]?.message?.content;
  if (!content) throw new Error('the model answered without content');
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw new Error('the model answered with content that is not JSON');
  }
  const checked = compositionAnalysisSchema.safeParse(parsed);
  if (!checked.success)
    throw new Error(`the model's answer has the wrong shape: ${checked.error.issues[0]?.message}`);
  return checked.data;
}
