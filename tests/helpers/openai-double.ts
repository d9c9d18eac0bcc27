// A stand-in for an OpenAI-compatible chat-completions endpoint on 127.0.0.1 (any free port), for the
// composition analysis' vision-model path. It answers in the real response shape
// (https://platform.openai.com/docs/api-reference/chat/object) with whatever `content` is set, and
// keeps every request body so tests can check what was sent.
import { createServer, type Server } from 'node:http';

/** The parts of a chat-completions request the tests look at. */
export interface ChatRequest {
  model: string;
  response_format?: { type: string };
  messages: { role: string; content: string | { type: string; image_url?: { url: string } }[] }[];
}

export interface OpenAiDouble {
  /** Base URL to use as OPENAI_BASE_URL, e.g. http://127.0.0.1:1234/v1 */
  baseUrl: string;
  requests: { path: string; authorization: string | undefined; body: ChatRequest }[];
  /** The assistant message content of the next answers. */
  content: string;
  /** HTTP status of the next answers (200 by default). */
  status: number;
  close: () => Promise<void>;
}

export async function startOpenAiDouble(content = '{}'): Promise<OpenAiDouble> {
  const double = { requests: [], content, status: 200 } as unknown as OpenAiDouble;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      double.requests.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: JSON.parse(text || 'null') as ChatRequest,
      });
      res.writeHead(double.status, { 'content-type': 'application/json' });
      if (double.status !== 200) {
        res.end(JSON.stringify({ error: { message: 'Rate limit reached', type: 'rate_limit_error' } }));
        return;
      }
      res.end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          created: 1_700_000_000,
          model: 'gpt-4o-mini',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: double.content, refusal: null },
              logprobs: null,
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 900, completion_tokens: 300, total_tokens: 1200 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  double.baseUrl = `http://127.0.0.1:${address.port}/v1`;
  double.close = () => new Promise((resolve) => server.close(() => resolve()));
  return double;
}

/** A critique as a vision model would write it, in the composition analysis shape. */
export const modelAnalysis = {
  overallScore: 8,
  summary: 'A quiet, well-placed landscape from the vision model.',
  strengths: ['The horizon is level.'],
  improvements: ['Add foreground interest.'],
  compositionElements: {
    Horizon: { score: 9, feedback: 'Level and low in the frame.' },
    'Leading Lines': { score: 5, feedback: 'Nothing leads the eye in.' },
  },
  tips: ['Look for a stone wall to lead into the scene.'],
};
