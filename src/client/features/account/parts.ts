// What the live updates (features/live, loaded after the first render) use of the session: they connect again on
// each sign-in and sign-out, and have a token the socket's server refused swapped or dropped. Not index.ts: the header
// imports that one, and the session loads after the first render.
export { onSessionChange, refreshToken } from './session';
