/**
 * Where a public page's help button goes on a phone: a slot in its layout's sticky header, beside the
 * menu toggle (or the language toggle). The layout provides it and draws `HelpSlot` in its header; the
 * page's `PublicHelpButton` is portalled into it. The slot has no box of its own (`display: contents`)
 * and the header pushes it to the right edge's group, so a button arriving in it moves nothing.
 */
import { createContext, useContext, useState, type ReactNode } from 'react';

type Slot = readonly [HTMLElement | null, (element: HTMLElement | null) => void];

const HelpSlotContext = createContext<Slot | null>(null);

/** Around a layout whose header draws a `HelpSlot`. */
export function HelpSlotProvider({ children }: { children: ReactNode }) {
  const slot = useState<HTMLElement | null>(null);
  return <HelpSlotContext.Provider value={slot}>{children}</HelpSlotContext.Provider>;
}

/** The header's place for a public page's help button. */
export function HelpSlot() {
  const slot = useContext(HelpSlotContext);
  return <div className="help-slot" ref={slot?.[1]} />;
}

/** The header's slot element, once drawn; null outside a layout that has one. */
export const useHelpSlot = () => useContext(HelpSlotContext)?.[0] ?? null;
