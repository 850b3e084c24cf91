/** The status the next page view reports: the error page tells it (404, 500 …); a page view resets it to 200. */
let pageStatus = 200;

/** The error page tells the next page view its status (404, 500 …) instead of 200. */
export function reportPageStatus(status: number): void {
  pageStatus = status;
}

/** The status for this page view; the next one is a 200 unless the error page says otherwise. */
export function takePageStatus(): number {
  const status = pageStatus;
  pageStatus = 200;
  return status;
}
