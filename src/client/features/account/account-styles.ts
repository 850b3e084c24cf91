/**
 * The account's stylesheet (its pages, the side panel's forms, the shop-as badge) comes with the modules that draw
 * them, as the checkout's does (checkout-styles.ts): every catalog page's first load is that much lighter. The pages
 * have it linked in their heads by the server; the panel's forms and the badge load after hydration, and Vite's
 * preload helper brings the stylesheet before their code runs.
 */
import './account.css';
