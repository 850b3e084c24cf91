/**
 * The cart's stylesheet (its lines, totals and code forms) comes with the cart panel and with the pieces the checkout
 * shows the cart with (CartLines, CartCodeForm), not in the shell's: no catalog page's first render draws them, so
 * every first load is that much lighter. The panel loads after hydration, and Vite's preload helper brings the
 * stylesheet before its code runs; the checkout's pages have it linked in their heads by the server (the order
 * confirmation too: the bundler puts its shipping note in the same chunk).
 */
import './cart.css';
