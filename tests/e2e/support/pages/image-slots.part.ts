/**
 * The identity-photo slots as the app's one `ImageSlots` part (src/shared/upload/image-slots.tsx) shows them on the
 * mining registration and the Credit Med request: a region per slot, named by the wizard's own text,
 * with the upload's state, its "remove" button and its file input inside. The wizards' page objects
 * hold one and name their event methods after the machine's events.
 */
import { chooseFile, pngFile } from '../uploads';
import type { UiLanguage } from './ui-language';

export class ImageSlotsPart<Slot extends string> {
  constructor(
    private readonly ui: UiLanguage,
    /** The slot's accessible name (the region's label) in the wizard's namespace. */
    private readonly slotName: (slot: Slot) => RegExp,
  ) {}

  slot(slot: Slot) {
    return this.ui.page.getByRole('region', { name: this.slotName(slot) });
  }

  uploaded(slot: Slot) {
    return this.slot(slot).getByText(this.ui.name('upload:uploaded'));
  }

  /** Chooses a photo for the slot; the page sends `image.uploaded` once the upload finished. */
  async imageUploaded(slot: Slot) {
    await chooseFile(this.slot(slot), pngFile(`${slot}.png`, 4 * 1024));
  }

  async imageRemoved(slot: Slot) {
    await this.slot(slot).getByRole('button', { name: this.ui.name('upload:remove') }).click();
  }
}
