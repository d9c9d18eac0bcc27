// The content version (the content token of the database), read at most once per turn of the
// event loop.
//
// Reading it takes SQLite's shared lock (file-lock system calls), which costs as much as the rest of
// a cached answer. Requests handled in the same turn were all received before any answer of that
// turn was written, so they may share one reading: none of their clients can have seen a later
// write. The reading is dropped when the turn ends, and also as soon as a request that may write
// (anything but GET and HEAD) starts its answer, so a client never gets a page older than a save
// it has been told about.
import type { ServerResponse } from 'node:http';
import type { ContentVersion } from './page-cache';

export class VersionMemo {
  private value: ContentVersion | undefined;
  private dropScheduled = false;

  constructor(private readonly readNow: () => ContentVersion) {}

  read(): ContentVersion {
    if (this.value === undefined) {
      this.value = this.readNow();
      if (!this.dropScheduled) {
        this.dropScheduled = true;
        setImmediate(() => {
          this.dropScheduled = false;
          this.value = undefined;
        });
      }
    }
    return this.value;
  }

  /** Drops the reading when `res` writes its status line: a write it made must show from then on. */
  forgetWhenAnswered(res: ServerResponse): void {
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    res.writeHead = ((...args: unknown[]) => {
      this.value = undefined;
      return writeHead(...args);
    }) as typeof res.writeHead;
  }
}
