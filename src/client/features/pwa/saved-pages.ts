/** The id of the offline page's list that its own small script fills with the pages the worker has stored. */
export const SAVED_PAGES_ID = 'offline-saved-pages';
