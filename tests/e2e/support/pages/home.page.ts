/** The public home page: hero, info boxes, product carousel, premium teaser and mobile teaser. */
import { expectVisible } from '../ui';
import type { UiLanguage } from './ui-language';

export class HomePage {
  constructor(private readonly ui: UiLanguage) {}

  private get page() {
    return this.ui.page;
  }

  /** Opens / and waits until the server's content (the info boxes) shows. */
  async open() {
    await this.page.goto('/');
    await this.waitUntilLoaded();
  }

  async waitUntilLoaded() {
    await expectVisible(this.heroHeading);
    await expectVisible(this.infoBoxes.first());
  }

  /** Presses the header's flag and waits for the other language. */
  async switchLanguage() {
    await this.ui.toggle();
  }

  get heroHeading() {
    return this.page.getByRole('heading', { level: 1, name: this.ui.name('home:hero.title') });
  }

  get hero() {
    return this.page.getByRole('region', { name: this.ui.name('home:hero.title') });
  }

  get getInsuredLink() {
    return this.hero.getByRole('link', { name: this.ui.name('home:hero.cta') });
  }

  get infoBoxesSection() {
    return this.page.getByRole('region', { name: this.ui.name('home:boxes.title') });
  }

  get infoBoxes() {
    return this.infoBoxesSection.getByRole('listitem');
  }

  /** The products section (its carousel inside carries the same name). */
  get productsSection() {
    return this.page.getByRole('region', { name: this.ui.name('home:products.title') }).first();
  }

  /** The slides and their arrows (the carousel's own role may be region or group; the section holds both). */
  get carousel() {
    return this.productsSection;
  }

  get slides() {
    return this.carousel.getByRole('listitem');
  }

  get previousArrow() {
    return this.carousel.getByRole('button', { name: this.ui.name('ui:carousel.previous') });
  }

  get nextArrow() {
    return this.carousel.getByRole('button', { name: this.ui.name('ui:carousel.next') });
  }

  get viewAllLink() {
    return this.productsSection.getByRole('link', { name: this.ui.name('home:products.viewAll') });
  }

  /** The 'get insured' link of one product card, named after the product. */
  productLink(productName: string) {
    return this.carousel.getByRole('link', { name: this.ui.name('home:products.ctaFor', { name: productName }) });
  }

  get feeSection() {
    return this.page.getByRole('region', { name: this.ui.name('home:fee.title') });
  }

  /** Scrolls down to the premium teaser, as a visitor does: its form's code comes as it nears the screen. */
  async scrollToFee() {
    await this.feeSection.scrollIntoViewIfNeeded();
  }

  get registerGroup() {
    return this.feeSection.getByRole('group', { name: this.ui.name('home:fee.register') });
  }

  /** A letter list of the register field: a native select (combobox) or a react-aria select button. */
  registerLetter(which: 'first' | 'second') {
    const label = this.ui.t(which === 'first' ? 'ui:register.firstLetter' : 'ui:register.secondLetter');
    return this.registerGroup
      .getByRole('combobox', { name: label, exact: true })
      .or(this.registerGroup.getByRole('button', { name: new RegExp(`${label}$`) }));
  }

  get registerFirstLetter() {
    return this.registerLetter('first');
  }

  get registerSecondLetter() {
    return this.registerLetter('second');
  }

  get registerNumber() {
    return this.registerGroup.getByRole('textbox', { name: this.ui.name('ui:register.number') });
  }

  get phoneField() {
    return this.feeSection.getByRole('textbox', { name: this.ui.name('home:fee.phone') });
  }

  get feeSubmit() {
    return this.feeSection.getByRole('button', { name: this.ui.name('home:fee.submit') });
  }

  get mobileSection() {
    return this.page.getByRole('region', { name: this.ui.name('home:mobile.title') });
  }

  get mobileImage() {
    return this.mobileSection.getByRole('img', { name: this.ui.name('home:mobile.imageAlt') });
  }

  get mobileComingSoon() {
    return this.mobileSection.getByText(this.ui.name('home:mobile.comingSoon'));
  }

  /** The load error with its retry button. */
  get loadError() {
    return this.page.getByRole('main').getByRole('alert');
  }

  get retryButton() {
    return this.loadError.getByRole('button', { name: this.ui.name('home:error.retry') });
  }

  /** Picks a letter from one of the register field's letter lists. */
  async chooseRegisterLetter(which: 'first' | 'second', letter: string) {
    const list = this.registerLetter(which);
    if ((await list.evaluate((element) => element.tagName)) === 'SELECT') {
      await list.selectOption({ label: letter });
      return;
    }
    await list.click();
    await this.page.getByRole('option', { name: letter, exact: true }).click();
  }
}
