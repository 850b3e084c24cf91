/** What other features may use of the content pages: a page's widgets (the home page is one, decision 0018). */
export { Widgets, widgetProducts, type WidgetProducts } from './Widgets';
