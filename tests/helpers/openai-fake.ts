// A fake OpenAI-compatible chat-completions endpoint on 127.0.0.1 (any free port), for the
// composition analysis' vision-model path. It answers in the real response formats
// (https://platform.openai.com/docs/api-reference/chat/object, and the `{ error: { message, type,
// param, code } }` body of a failure) with whatever `content` is set, and keeps every request so
// tests can check what was sent and count the attempts. It can also fail on purpose: answer an error
// status (optionally asking for a pause in Retry-After, or quoting the request's Authorization header
// in its message, as a careless proxy might), or read requests and never answer them.
import { createServer, type Server } from 'node:http';

/** The parts of a chat-completions request the tests look at. */
export interface ChatRequest {
  model: string;
  response_format?: { type: string };
  messages: { role: string; content: string | { type: string; image_url?: { url: string } }[] }[];
}

export interface OpenAiFake {
  /** Base URL to use as OPENAI_BASE_URL, e.g. http://127.0.0.1:1234/v1 */
  baseUrl: string;
  requests: { path: string; authorization: string | undefined; body: ChatRequest }[];
  /** The assistant message content of the next answers. */
  content: string;
  /** HTTP status of the next answers (200 by default). */
  status: number;
  /** Seconds asked for in a Retry-After header on error answers; none when undefined. */
  retryAfter: number | undefined;
  /** Error answers quote the request's Authorization header in their message. */
  echoAuthorization: boolean;
  /** Requests are read and kept, and never answered: a server that hangs. */
  silent: boolean;
  /** Back to a server that answers every request with `content` and 200. */
  reset: (content?: string) => void;
  close: () => Promise<void>;
}

const ERRORS: Record<number, { message: string; type: string }> = {
  401: { message: 'Incorrect API key provided.', type: 'invalid_request_error' },
  429: { message: 'Rate limit reached', type: 'rate_limit_error' },
};
const SERVER_ERROR = {
  message: 'The server had an error while processing your request.',
  type: 'server_error',
};

export async function startOpenAiFake(content = '{}'): Promise<OpenAiFake> {
  const fake = { requests: [] } as unknown as OpenAiFake;
  fake.reset = (next = '{}') => {
    Object.assign(fake, {
      content: next,
      status: 200,
      retryAfter: undefined,
      echoAuthorization: false,
      silent: false,
    });
  };
  fake.reset(content);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      fake.requests.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: JSON.parse(text || 'null') as ChatRequest,
      });
      if (fake.silent) return;
      if (fake.status !== 200) {
        const error = ERRORS[fake.status] ?? SERVER_ERROR;
        const message = fake.echoAuthorization
          ? `${error.message} (request had Authorization: ${req.headers.authorization})`
          : error.message;
        res.writeHead(fake.status, {
          'content-type': 'application/json',
          ...(fake.retryAfter === undefined ? {} : { 'retry-after': String(fake.retryAfter) }),
        });
        res.end(JSON.stringify({ error: { ...error, message, param: null, code: null } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          created: 1_700_000_000,
          model: 'gpt-4o-mini',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: fake.content, refusal: null },
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
  fake.baseUrl = `http://127.0.0.1:${address.port}/v1`;
  fake.close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      // Requests left unanswered on purpose would keep the server open.
      server.closeAllConnections();
    });
  return fake;
}

/** A critique as a vision model would write it, in the composition analysis format. */
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
