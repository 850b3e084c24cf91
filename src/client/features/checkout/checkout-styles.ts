/**
 * The checkout's pages bring their own stylesheet, so every other page's is 0.5 KiB lighter (brotli): the server
 * links it in these pages' heads (render.tsx, from the build's manifest), and a route change to one of them loads it
 * with the page's code (Vite's preload helper waits for it, so the page never shows unstyled). It comes after the
 * shell's stylesheet: styles/cascade.test.ts keeps its one-class rules and main.css's apart.
 */
import './checkout.css';
