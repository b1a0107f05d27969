/**
 * The receipt code (sharing, the PDF download and, behind them, jsPDF) is not part of the checkout's first
 * load: the screen must start fast on a cheap phone, and only a guest who counted something needs it.
 */
export const loadReceipt = () => import('./receipt');
