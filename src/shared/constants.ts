/** Every number and visible text the spec fixes, in one place for server, browser and tests. */

export const CURRENCY = 'THB';
export const DEFAULT_BUNGALOW = 1;

export const limits = {
  drinkNameMax: 60,
  startingQuantityMin: 1,
  startingQuantityMax: 999,
  priceMin: 1,
  priceMax: 100_000,
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
} as const;

export const texts = {
  checkoutHeading: 'Please enter the number of missing items from the fridge',
  loadingDrinks: 'Loading drinks...',
  noItemsSelected: 'No items selected',
  summaryTitle: 'Summary',
  totalCost: 'Total Cost',
  generatePdf: 'Generate PDF',
  shareReceipt: 'Share Receipt',
  shareText: 'Your fridge checkout receipt',
  adminAccess: 'Admin Access',
  passwordPlaceholder: 'Enter admin password',
  incorrectPassword: 'Incorrect password',
  adminPanel: 'Admin Panel',
  addNewDrink: 'Add New Drink',
  editDrink: 'Edit Drink',
  saveDrink: 'Save Drink',
  loading: 'Loading...',
  noDrinks: 'No drinks available',
  guestInformation: 'Guest Information',
  saveGuest: 'Save Guest Information',
  routeError: 'Unexpected Application Error!',
} as const;

export const toastTexts = {
  failedToLoad: 'Failed to load data',
  guestNotFound: 'Guest information not found',
  noItemsSelected: 'No items selected',
  failedToShare: 'Failed to share receipt',
  failedToDelete: 'Failed to delete drink',
  failedToSaveDrink: 'Failed to save drink',
  failedToSaveGuest: 'Failed to save guest information',
  sharingNotSupported: 'Sharing not supported on this device',
  readyToShare: 'Ready to share receipt!',
  drinkDeleted: 'Drink deleted successfully',
  drinkUpdated: 'Drink updated successfully',
  drinkAdded: 'Drink added successfully',
  guestUpdated: 'Guest information updated successfully',
} as const;

export const shareTitle = (bungalow: number) => `Bungalow #${bungalow} Checkout`;
export const receiptFileName = (bungalow: number) => `bungalow-${bungalow}-checkout.pdf`;
export const receiptTitle = (bungalow: number) => `Bungalow #${bungalow} Fridge Checkout`;
