/**
 * The identity images of a wizard (the mining registration, the Credit Med request): the card's
 * front, its back and a selfie, each an upload slot of its own (kind 'image') whose finished or
 * removed upload goes to the wizard through `onChange`, with the wizard's error for it underneath.
 */
import { useCallback } from 'react';
import type { UploadedFile } from '../../../contract/upload.schema';
import type { Message } from '../../../contract/validation';
import { useMessage } from '../../platform/messages';
import { UploadSlot } from './upload-slot';
import { useUploadSlot } from './use-upload-slot';
import './image-slots.css';

export type IdentityImage = 'idFront' | 'idBack' | 'selfie';

const SLOTS: ReadonlyArray<{ slot: IdentityImage; camera: 'user' | 'environment' }> = [
  { slot: 'idFront', camera: 'environment' },
  { slot: 'idBack', camera: 'environment' },
  { slot: 'selfie', camera: 'user' },
];

export interface ImageSlotsProps {
  /** What each slot holds ("Identity card, front"), in the page's language. */
  labelOf: (slot: IdentityImage) => string;
  /** The finished uploads the wizard holds (restored from its draft). */
  images: Readonly<Record<IdentityImage, UploadedFile | null>>;
  /** The wizard's field errors, keyed by slot. */
  errors: Readonly<Partial<Record<string, Message>>>;
  /** The credential headers; the same function while the step is shown. */
  headers: () => Record<string, string>;
  onChange: (slot: IdentityImage, file: UploadedFile | null) => void;
}

function ImageSlot({ slot, camera, label, uploaded, headers, onChange }: { slot: IdentityImage; camera: 'user' | 'environment'; label: string; uploaded: UploadedFile | null; headers: () => Record<string, string>; onChange: ImageSlotsProps['onChange'] }) {
  const onUploaded = useCallback((file: UploadedFile | null) => onChange(slot, file), [onChange, slot]);
  const actor = useUploadSlot({ kind: 'image', uploaded, headers, onUploaded });
  return <UploadSlot actor={actor} label={label} headers={headers} camera={camera} />;
}

export function ImageSlots({ labelOf, images, errors, headers, onChange }: ImageSlotsProps) {
  const translate = useMessage();
  return (
    <>
      {SLOTS.map(({ slot, camera }) => (
        <div key={slot} className="image-slots__slot" data-slot={slot}>
          <ImageSlot slot={slot} camera={camera} label={labelOf(slot)} uploaded={images[slot]} headers={headers} onChange={onChange} />
          {errors[slot] ? <p className="field__error">{translate(errors[slot])}</p> : null}
        </div>
      ))}
    </>
  );
}
