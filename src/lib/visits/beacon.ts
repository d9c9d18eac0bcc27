// Tells the server that a print was added to the cart, for the funnel of the owner's Visitors card.
// Browser only, loaded with the cart store on every page, so it is a few lines: navigator.sendBeacon
// survives the page being left at once, and needs no answer. No cookie, no id: the server counts
// the event against the same salted daily hash as page views and keeps nothing else.
import type { VisitEvent } from './report';

export function sendVisitEvent(event: VisitEvent): void {
  try {
    // A string goes as text/plain, which a beacon may always send; the server reads it as JSON.
    const body = JSON.stringify({ event });
    if (!navigator.sendBeacon?.('/api/visits', body)) {
      void fetch('/api/visits', { method: 'POST', body, keepalive: true }).catch(() => {});
    }
  } catch {
    // Counting is never worth an error on the page.
  }
}
