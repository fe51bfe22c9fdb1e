/**
 * How a layout draws its loading state while it cannot draw the page yet (the user layout, while the
 * profile loads): inside the frame the route view gives (src/app/route-view.tsx), which puts the
 * page's head above it (src/app/route-head.tsx), so the head the server drew in the HTML stays in
 * view until the page draws its own. Without a route view (a layout on its own), just the loading
 * state.
 */
import { createContext, useContext, type ReactNode } from 'react';

/** Draws a loading state (its spinner) in the frame. */
export type LoadingFrame = (loading: ReactNode) => ReactNode;

export const LoadingFrameContext = createContext<LoadingFrame>((loading) => loading);

export const useLoadingFrame = () => useContext(LoadingFrameContext);
