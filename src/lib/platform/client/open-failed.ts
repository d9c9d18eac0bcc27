// A viewer or dialog whose code or data could not load (the connection dropped, or a new version of
// the site replaced its files): the visitor is told so, in the site's toast, rather than left with a
// click that does nothing. The next click tries the load again.
export function reportOpenFailure(what: string, err: unknown): void {
  console.error(err);
  import('./toaster')
    .then(({ notify }) =>
      notify('error', `The ${what} could not be opened`, 'Please check your connection and try again.'),
    )
    .catch(() => {});
}
