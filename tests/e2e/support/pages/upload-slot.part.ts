/**
 * One upload slot (src/shared/upload/upload-slot.tsx, the upload machine): a region named by its
 * label, with the file input, the progress bar in bytes, the upload's status or refusal, the preview,
 * "Try again" and "Remove". One method per event its view sends (`upload.choose` → `uploadChoose`,
 * `upload.retry`, `upload.remove`); `upload.online` / `upload.offline` come from the browser
 * (networkControl in ../uploads.ts). `UploadSlotFixture` is the test fixture's page that mounts one slot
 * alone (tests/e2e/fixtures/upload-slot/).
 *
 *   const slot = new UploadSlotPart(ui, 'Identity card, front');
 *   await slot.uploadChoose(pngFile('card-front.png', 48 * 1024));
 *   await slot.waitUntilUploaded();
 *   await slot.uploadRemove();
 */
import { chooseFile, type FilePayload } from '../uploads';
import type { UiLanguage } from './ui-language';

export class UploadSlotPart {
  constructor(
    private readonly ui: UiLanguage,
    /** The slot's label (its region's name). */
    readonly label: string,
  ) {}

  get region() {
    return this.ui.page.getByRole('region', { name: this.label });
  }

  /** "Choose a photo" while the slot is empty. */
  get chooseButton() {
    return this.region.getByRole('button', { name: this.ui.t('upload:choosePhoto') });
  }

  get progressBar() {
    return this.region.getByRole('progressbar', { name: this.ui.t('upload:uploading', { label: this.label }) });
  }

  get uploaded() {
    return this.region.getByRole('status').filter({ hasText: this.ui.t('upload:uploaded') });
  }

  /** The slot's refusal or failure when it contains `text`. */
  alert(text: string) {
    return this.region.getByRole('alert').filter({ hasText: text });
  }

  get preview() {
    return this.region.getByRole('img', { name: this.ui.t('upload:preview', { label: this.label }) });
  }

  /** Every image in the slot (none once it is empty). */
  get images() {
    return this.region.getByRole('img');
  }

  get retryButton() {
    return this.region.getByRole('button', { name: this.ui.t('upload:retry') });
  }

  /** `upload.choose`: a file (a payload, or the path of a file on disk) given to the slot's file input. */
  async uploadChoose(file: FilePayload | string) {
    await chooseFile(this.region, file);
  }

  /** `upload.retry`: "Try again". */
  async uploadRetry() {
    await this.retryButton.click();
  }

  /** `upload.remove`: "Remove". */
  async uploadRemove() {
    await this.region.getByRole('button', { name: this.ui.t('upload:remove') }).click();
  }

  async waitUntilUploaded(timeout?: number) {
    await this.uploaded.waitFor({ timeout });
  }
}

/** The upload-slot fixture's page: one slot, and what its parent was told was uploaded. */
export class UploadSlotFixture {
  readonly slot: UploadSlotPart;

  constructor(
    private readonly ui: UiLanguage,
    label: string,
  ) {
    this.slot = new UploadSlotPart(ui, label);
  }

  /** Opens the fixture and waits until its slot offers to choose a photo. */
  async open() {
    await this.ui.page.goto('/');
    await this.slot.chooseButton.waitFor();
  }

  /** The finished upload the slot reported to its parent, or null. */
  async uploaded() {
    const text = await this.ui.page.getByTestId(`uploaded-${this.slot.label}`).textContent();
    return text ? (JSON.parse(text) as { id: string; filename: string; size: number; mime: string }) : null;
  }
}
