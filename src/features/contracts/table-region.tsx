import type { ReactNode } from 'react';

/** A table that may scroll sideways on a phone: a named region the keyboard can reach and scroll. */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contract-table-region" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
