import { useId, useState, type ReactNode } from 'react';

/**
 * A section that folds on phones (200 ms slide, plus/minus icon) and is simply open on
 * desktop. Both headings are rendered and CSS shows one per viewport, so the server's HTML is already right
 * for either and hydration changes nothing.
 */
export function Accordion({ title, children, className }: { title: ReactNode; children: ReactNode; className?: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const panelId = `${id}-panel`;
  const headingId = `${id}-heading`;
  return (
    <section className={`accordion ${open ? 'accordion--open' : ''} ${className ?? ''}`} aria-labelledby={headingId}>
      <h2 className="accordion__heading" id={headingId}>
        <button type="button" className="accordion__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
          <span>{title}</span>
          <svg className="accordion__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            <path className="accordion__icon-vertical" d="M12 5v14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <span className="accordion__title">{title}</span>
      </h2>
      <div className="accordion__panel" id={panelId}>
        <div className="accordion__content">{children}</div>
      </div>
    </section>
  );
}
