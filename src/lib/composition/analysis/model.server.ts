// The optional vision-model critic (the local analyser is its fallback): any OpenAI-compatible
// chat-completions endpoint, through the `openai` package (its baseURL, timeout, retries with backoff
// and typed errors). The photo is sent downscaled (1024 px JPEG) as a data URL; the answer must be a
// JSON object that passes the same schema as the local analyser's, or this throws.
//
// JSON mode (`response_format: json_object`) rather than strict structured output: strict JSON
// schemas need every object closed (`additionalProperties: false`), and the critique's
// `compositionElements` is a record keyed by element names the model chooses, so the package's
// zodResponseFormat refuses the schema. JSON mode is also the form most compatible servers accept.
// The schema itself is checked here, on the answer.
import OpenAI from 'openai';
import sharp from 'sharp';
import { type CompositionAnalysis, compositionAnalysisSchema } from '~/lib/composition/schemas';
import { MAX_INPUT_PIXELS } from '~/lib/media/images.server';
import { getLog } from '~/lib/platform/server/log';

export interface ModelSettings {
  apiKey: string;
  baseUrl: string | undefined;
  model: string;
  /** How long one attempt may take; MODEL_TIMEOUT_MS unless a test shortens it. */
  timeoutMs?: number;
  /** Attempts after the first on a timeout, a lost connection, a 408, 409, 429 or 5xx. */
  maxRetries?: number;
}

export const DEFAULT_OPENAI_BASE = 'https://api.openai.com/v1';

/**
 * The owner waits for the critique, so the wait is bounded. A vision model answers a 1024 px photo
 * with a short critique in about 3 to 10 s; 12 s per attempt leaves room for a slow moment without
 * letting a stalled server hold the page. One retry covers a dropped connection or a passing 5xx or
 * 429. Worst case: 2 attempts x 12 s + the package's pause before its retry (0.5 s less up to 25 %
 * jitter) = 24.5 s, then the local analyser answers (about a second more).
 */
export const MODEL_TIMEOUT_MS = 12_000;
export const MODEL_MAX_RETRIES = 1;
/**
 * Room for the package's pauses between attempts (0.5 s, 1 s, 2 s … each less up to 25 % jitter).
 * The package waits longer when the server asks for it in Retry-After (up to a minute; a longer wait
 * is not tried again, see honouringRetryAfter); the whole call is cut off at attempts x timeout +
 * this, which for the values above is 25 s.
 */
const RETRY_PAUSE_MS = 1_000;

/** The longest the whole call may take, pauses between attempts included. */
export function modelDeadlineMs(timeoutMs: number, maxRetries: number): number {
  return (maxRetries + 1) * timeoutMs + maxRetries * RETRY_PAUSE_MS;
}

/** How long an answer asks the client to wait before it tries again, if it says so. */
function retryAfterMs(headers: Headers): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && Number.isFinite(Number(ms))) return Number(ms);
  const after = headers.get('retry-after');
  if (after === null) return undefined;
  if (Number.isFinite(Number(after))) return Number(after) * 1000;
  const at = Date.parse(after);
  return Number.isNaN(at) ? undefined : at - Date.now();
}

/**
 * A server that asks (Retry-After) for a pause longer than the whole call may take is not asked
 * again within the call. The package itself ignores a pause of over a minute and tries again after
 * its own short one, which is no way to treat a server that said it is busy for an hour;
 * `x-should-retry: false` on the answer is the package's own switch for not retrying.
 */
function honouringRetryAfter(deadlineMs: number): typeof fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    const wait = retryAfterMs(res.headers);
    if (wait === undefined || wait <= deadlineMs) return res;
    const headers = new Headers(res.headers);
    headers.set('x-should-retry', 'false');
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  };
}

const SYSTEM_PROMPT = `You are an experienced landscape and aerial photographer critiquing a photo's composition for a fellow professional.
Answer with one JSON object only, in exactly this shape:
{"overallScore": number 0-10, "summary": string, "strengths": string[], "improvements": string[],
 "compositionElements": {"<element name>": {"score": number 0-10, "feedback": string}}, "tips": string[]}
Cover at least these elements: Horizon, Rule of Thirds, Visual Balance, Exposure, Sharpness, Colour, Leading Lines.
Be specific to this photo and plain-spoken; at most 5 tips.`;

export async function analyseWithModel(image: Buffer, settings: ModelSettings): Promise<CompositionAnalysis> {
  const jpeg = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(1024, 1024, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();
  const timeout = settings.timeoutMs ?? MODEL_TIMEOUT_MS;
  const maxRetries = settings.maxRetries ?? MODEL_MAX_RETRIES;
  const deadline = modelDeadlineMs(timeout, maxRetries);
  const client = new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl ?? DEFAULT_OPENAI_BASE,
    timeout,
    maxRetries,
    fetch: honouringRetryAfter(deadline),
    // The package's own warnings go to the site's log (JSON lines, secrets redacted), not the
    // console; its request-by-request info and debug lines stay off whatever OPENAI_LOG says.
    logger: getLog(),
    logLevel: 'warn',
  });
  const completion = await withinDeadline(deadline, (signal) =>
    client.chat.completions.create(
      {
        model: settings.model,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Analyse the composition of this photograph.' },
              {
                type: 'image_url',
                image_url: { url: `data:image/jpeg;base64,${jpeg.toString('base64')}` },
              },
            ],
          },
        ],
      },
      { signal },
    ),
  );
  const content = completion.choices[0]?.message.content;
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

/** Runs `call`, aborting it and throwing once `ms` have passed, even in a pause between attempts. */
async function withinDeadline<T>(ms: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`the model did not answer within ${ms / 1000} s`));
    }, ms);
  });
  try {
    return await Promise.race([call(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}
