/** Every number and visible text the spec fixes, in one place for server, browser and tests. */
import { en } from './i18n/en';

export const CURRENCY = 'THB';
export const DEFAULT_BUNGALOW = 1;

export const limits = {
  drinkNameMax: 60,
  startingQuantityMin: 1,
  startingQuantityMax: 999,
  priceMin: 1,
  priceMax: 100_000,
  /** Units in a case (a drink's packSize). */
  packSizeMin: 1,
  packSizeMax: 100,
  guestNameMax: 100,
  emailMax: 254,
  bungalowMin: 1,
  bungalowMax: 9999,
  passwordMax: 1024,
  checkoutItemsMax: 200,
  bodyBytesMax: 16 * 1024,
  /** Largest id a PostgreSQL integer column holds; a bigger one in a request names nothing. */
  idMax: 2_147_483_647,
} as const;

export const newDrinkDefaults = { startingQuantity: 5, price: 70 } as const;

export const timings = {
  deleteConfirmMs: 3000,
  successToastMs: 3000,
  /** The spec's "error toasts last 4 seconds": react-hot-toast's own default, and the plain toasts' time. */
  errorToastMs: 4000,
} as const;

/** The spec's texts under their first names; the words live in i18n/en.ts, the one source of English. */
export const texts = {
  checkoutHeading: en.checkoutHeading,
  loadingDrinks: en.loadingDrinks,
  noItemsSelected: en.noItemsSelected,
  summaryTitle: en.summaryTitle,
  totalCost: en.totalCost,
  generatePdf: en.generatePdf,
  shareReceipt: en.shareReceipt,
  shareText: en.shareText,
  adminAccess: en.adminAccess,
  passwordPlaceholder: en.passwordPlaceholder,
  incorrectPassword: en.incorrectPassword,
  adminPanel: en.adminPanel,
  addNewDrink: en.addNewDrink,
  editDrink: en.editDrink,
  saveDrink: en.saveDrink,
  loading: en.loading,
  noDrinks: en.noDrinks,
  guestInformation: en.guestInformation,
  saveGuest: en.saveGuest,
  routeError: en.routeError,
} as const;

export const toastTexts = {
  failedToLoad: en.toastFailedToLoad,
  guestNotFound: en.toastGuestNotFound,
  noItemsSelected: en.toastNoItemsSelected,
  failedToShare: en.toastFailedToShare,
  failedToDelete: en.toastFailedToDelete,
  failedToSaveDrink: en.toastFailedToSaveDrink,
  failedToSaveGuest: en.toastFailedToSaveGuest,
  sharingNotSupported: en.toastSharingNotSupported,
  readyToShare: en.toastReadyToShare,
  drinkDeleted: en.toastDrinkDeleted,
  drinkUpdated: en.toastDrinkUpdated,
  drinkAdded: en.toastDrinkAdded,
  guestUpdated: en.toastGuestUpdated,
} as const;

export const shareTitle = en.shareTitle;
export const receiptFileName = (bungalow: number) => `bungalow-${bungalow}-checkout.pdf`;
export const receiptTitle = en.receiptTitle;
