import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './ui.css';

export interface MenuLink {
  id: string;
  label: string;
  href: string;
}

/**
 * A button that shows a short list of outside links (documents, videos, chat), opened in a new tab.
 * It is a disclosure, not an ARIA menu: the links stay ordinary links for screen readers and Tab.
 * Escape or a click elsewhere closes it.
 */
export function LinkMenu({ label, icon, items, className }: { label: string; icon: ReactNode; items: readonly MenuLink[]; className?: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div ref={root} className="link-menu">
      {open ? (
        <ul id={listId} className="menu link-menu__list" aria-label={label}>
          {items.map((item) => (
            <li key={item.id}>
              <a className="menu__item" href={item.href} target="_blank" rel="noopener noreferrer" onClick={() => setOpen(false)}>
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <button
        ref={button}
        type="button"
        className={className}
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {icon}
      </button>
    </div>
  );
}
