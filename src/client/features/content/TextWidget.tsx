/** A text widget: HTML sanitised by the server when staff saved it (an allow-list of tags; content/sanitise-html.ts). */
export function TextWidget({ html }: { html: string }) {
  return <div className="content-page__body" dangerouslySetInnerHTML={{ __html: html }} />;
}
