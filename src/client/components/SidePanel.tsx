import { useEffect, useRef, type ReactNode } from 'react';
import { useIntl } from '../i18n/intl';
import { useSnapshot } from 'valtio';
import { closePanel, ui, type PanelName } from '../lib/ui-state';

/**
 * A side panel is a modal <dialog>: the browser traps focus, makes the page inert and closes on Escape.
 * It is open while ui.panel names it. The content scrolls between the head and an optional
 * footer, which stay in view; the footer is laid out below the content, so it never covers any of it.
 */
export function SidePanel({
  name,
  title,
  side = 'right',
  footer,
  children,
}: {
  name: Exclude<PanelName, ''>;
  title: string;
  side?: 'left' | 'right';
  footer?: ReactNode;
  children: ReactNode;
}) {
  const { panel } = useSnapshot(ui);
  const intl = useIntl();
  const ref = useRef<HTMLDialogElement>(null);
  const open = panel === name;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      document.documentElement.classList.add('scroll-locked');
    } else if (!open && dialog.open) {
      dialog.close();
    }
    if (!open) document.documentElement.classList.remove('scroll-locked');
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`side-panel side-panel--${side}`}
      aria-labelledby={`side-panel-${name}`}
      onClose={() => {
        if (ui.panel === name) closePanel();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) closePanel();
      }}
    >
      {open && (
        <div className="side-panel__body">
          <div className="side-panel__head">
            <h2 id={`side-panel-${name}`}>{title}</h2>
            <button type="button" className="icon-button" aria-label={intl.formatMessage({ id: 'common.close' })} onClick={closePanel}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <div className="side-panel__content">{children}</div>
          {footer && <div className="side-panel__footer">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
