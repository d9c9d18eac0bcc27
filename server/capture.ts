// Runs Astro's node handler into memory so the front can cache the bytes.
// Astro's NodeApp.writeResponse only calls writeHead, write, end and the event methods,
// so a small EventEmitter stands in for the ServerResponse.
import { EventEmitter } from 'node:events';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

export interface Captured {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (err?: unknown) => void,
  locals?: object,
) => void | Promise<void>;

class CapturingResponse extends EventEmitter {
  statusCode = 200;
  statusMessage = '';
  headersSent = false;
  writableEnded = false;
  private readonly chunks: Buffer[] = [];
  private readonly headerMap: Record<string, string> = {};

  constructor(
    readonly req: IncomingMessage,
    private readonly done: (c: Captured) => void,
  ) {
    super();
  }

  setHeader(name: string, value: number | string | readonly string[]): this {
    this.headerMap[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    return this;
  }
  getHeader(name: string): string | undefined {
    return this.headerMap[name.toLowerCase()];
  }
  removeHeader(name: string): void {
    delete this.headerMap[name.toLowerCase()];
  }
  writeHead(
    status: number,
    headers?: OutgoingHttpHeaders | string,
    maybeHeaders?: OutgoingHttpHeaders,
  ): this {
    this.statusCode = status;
    const h = typeof headers === 'object' ? headers : maybeHeaders;
    for (const [k, v] of Object.entries(h ?? {})) {
      if (v !== undefined) this.setHeader(k, v as string | string[]);
    }
    this.headersSent = true;
    return this;
  }
  write(chunk: string | Uint8Array): boolean {
    this.headersSent = true;
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
    return true;
  }
  end(chunk?: string | Uint8Array): this {
    if (chunk) this.write(chunk);
    if (this.writableEnded) return this;
    this.writableEnded = true;
    this.headersSent = true;
    this.done({ status: this.statusCode, headers: this.headerMap, body: Buffer.concat(this.chunks) });
    this.emit('finish');
    this.emit('close');
    return this;
  }
}

export function renderToMemory(
  handler: AstroHandler,
  req: IncomingMessage,
  locals?: object,
): Promise<Captured> {
  return new Promise<Captured>((resolve, reject) => {
    const res = new CapturingResponse(req, resolve);
    // No `next`: for a path without a route, Astro then renders the 404 page itself.
    Promise.resolve(handler(req, res as unknown as ServerResponse, undefined, locals)).catch(reject);
  });
}
