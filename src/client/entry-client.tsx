import './styles/main.css';
// The client's start (app/start.tsx): imported for what it does, which is to hydrate the page.
import './app/start';
