/**
 * Performs what a machine emits to leave where it is (`flow.navigate`, machines/flow.ts): the wizard
 * runner does it for wizards, the app for the auth actor. Machines never navigate themselves.
 */
import { navigate } from 'wouter/use-browser-location';
import type { FlowNavigate } from '../../machines/flow';
import { apiUrl } from '../api/client';
import { writeHandOff } from './hand-off';

export const performNavigate = ({ to, replace, external, handOff }: FlowNavigate) => {
  if (handOff) writeHandOff(handOff.name, handOff.data);
  if (external) window.location.assign(apiUrl(to));
  else navigate(to, { replace: replace ?? false });
};
