import type { Language } from './languages';

/**
 * The words a receipt adds when the resort keeps tax documents (DESIGN "The receipt as the law reads it"), in
 * the guest's six languages: one typed key set, as the message files. They live here rather than in en.ts
 * because en.ts is part of the checkout's first download and these are needed only with the PDF: this file
 * loads with the receipt's chunk (docs/decisions/115-tax-receipt-words-load-with-the-pdf.md).
 */
export interface TaxReceiptWords {
  /** The language's words beside the Thai title; empty in Thai, whose receipt carries the Thai alone. */
  abbreviatedInvoice: string;
  fullInvoice: string;
  bill: string;
  copy: string;
  cancelled: string;
  taxId: string;
  headOffice: string;
  branch: (code: string) => string;
  posNumber: string;
  documentNumber: string;
  issuedAt: string;
  vatIncluded: string;
  vat: (ratePercent: string) => string;
  netAmount: string;
  buyer: string;
  /** A replacement's reference to the document it replaces (sixth stage). */
  replaces: (number: string) => string;
  /** The sale's date on a replacement, beside its own time of issue. */
  saleDate: string;
  /** A cancelled document's reason. */
  reason: string;
  /** Seventh stage: the date of the document a replacement replaces (the date it bears, Por. 86/2542). */
  replacedDate: string;
  /** Why an abbreviated invoice was replaced by a full one. */
  fullInvoiceAsked: string;
  /** A credit note (ใบลดหนี้) and a debit note (ใบเพิ่มหนี้) in the language's words. */
  creditNote: string;
  debitNote: string;
  /** A substitute for a lost original (ใบแทน), the how-manyth, and the date it was issued. */
  substitute: (time: number) => string;
  substituteDate: string;
  /**
   * A note's particulars (§86/9, §86/10): the invoice it adjusts (its date beside it), the value on it, the
   * correct value, the difference and the VAT on the difference.
   */
  originalInvoice: string;
  originalDated: string;
  originalValue: string;
  correctValue: string;
  difference: string;
  vatOnDifference: (ratePercent: string) => string;
}

/** The titles the Revenue Code asks for, in Thai on every receipt whatever its language. */
export const thaiTaxTitles = {
  abbreviatedInvoice: 'ใบกำกับภาษีอย่างย่อ',
  fullInvoice: 'ใบกำกับภาษี',
  bill: 'ใบแจ้งรายการ (ยังไม่ใช่ใบกำกับภาษี)',
  copy: 'สำเนา',
  cancelled: 'ยกเลิก',
  creditNote: 'ใบลดหนี้',
  debitNote: 'ใบเพิ่มหนี้',
} as const;

export const taxReceiptWords: Record<Language, TaxReceiptWords> = {
  en: {
    abbreviatedInvoice: 'Abbreviated tax invoice',
    fullInvoice: 'Tax invoice',
    bill: 'Bill (not a tax invoice)',
    copy: 'Copy',
    cancelled: 'Cancelled',
    taxId: 'Tax ID',
    headOffice: 'Head office',
    branch: (code) => `Branch ${code}`,
    posNumber: 'POS No.',
    documentNumber: 'No.',
    issuedAt: 'Date and time',
    vatIncluded: 'VAT included',
    vat: (rate) => `VAT ${rate}%`,
    netAmount: 'Net amount',
    buyer: 'Buyer',
    replaces: (number) => `Replaces ${number}`,
    saleDate: 'Date of sale',
    reason: 'Reason',
    replacedDate: 'Date of the replaced document',
    fullInvoiceAsked: 'A full tax invoice was asked for',
    creditNote: 'Credit note',
    debitNote: 'Debit note',
    substitute: (time) => `Substitute no. ${time}`,
    substituteDate: 'Substitute issued on',
    originalInvoice: 'Original tax invoice',
    originalDated: 'Dated',
    originalValue: 'Value on the original invoice',
    correctValue: 'Correct value',
    difference: 'Difference',
    vatOnDifference: (rate) => `VAT ${rate}% on the difference`,
  },
  th: {
    abbreviatedInvoice: '',
    fullInvoice: '',
    bill: '',
    copy: '',
    cancelled: '',
    taxId: 'เลขประจำตัวผู้เสียภาษี',
    headOffice: 'สำนักงานใหญ่',
    branch: (code) => `สาขาที่ ${code}`,
    posNumber: 'หมายเลขเครื่อง POS',
    documentNumber: 'เลขที่',
    issuedAt: 'วันที่และเวลา',
    vatIncluded: 'ราคารวมภาษีมูลค่าเพิ่มแล้ว',
    vat: (rate) => `ภาษีมูลค่าเพิ่ม ${rate}%`,
    netAmount: 'มูลค่าก่อนภาษีมูลค่าเพิ่ม',
    buyer: 'ผู้ซื้อ',
    replaces: (number) => `ยกเลิกและออกใบกำกับภาษีฉบับใหม่แทนฉบับเดิมเลขที่ ${number}`,
    saleDate: 'วันที่ขาย',
    reason: 'เหตุผล',
    replacedDate: 'วันที่ของฉบับเดิม',
    fullInvoiceAsked: 'ผู้ซื้อขอใบกำกับภาษีเต็มรูป',
    creditNote: '',
    debitNote: '',
    substitute: (time) => `ใบแทนออกให้ครั้งที่ ${time}`,
    substituteDate: 'วันที่ออกใบแทน',
    originalInvoice: 'ใบกำกับภาษีเดิมเลขที่',
    originalDated: 'ลงวันที่',
    originalValue: 'มูลค่าตามใบกำกับภาษีเดิม',
    correctValue: 'มูลค่าที่ถูกต้อง',
    difference: 'ผลต่าง',
    vatOnDifference: (rate) => `ภาษีมูลค่าเพิ่ม ${rate}% ของผลต่าง`,
  },
  'zh-Hans': {
    abbreviatedInvoice: '简易税务发票',
    fullInvoice: '税务发票',
    bill: '账单（非税务发票）',
    copy: '副本',
    cancelled: '已作废',
    taxId: '纳税人识别号',
    headOffice: '总部',
    branch: (code) => `分支机构 ${code}`,
    posNumber: 'POS 机号',
    documentNumber: '编号',
    issuedAt: '日期和时间',
    vatIncluded: '含增值税',
    vat: (rate) => `增值税 ${rate}%`,
    netAmount: '不含税金额',
    buyer: '购买方',
    replaces: (number) => `替代 ${number}`,
    saleDate: '销售日期',
    reason: '原因',
    replacedDate: '原发票日期',
    fullInvoiceAsked: '应要求开具正式税务发票',
    creditNote: '贷项通知单',
    debitNote: '借项通知单',
    substitute: (time) => `第 ${time} 次补发`,
    substituteDate: '补发日期',
    originalInvoice: '原税务发票',
    originalDated: '日期',
    originalValue: '原发票金额',
    correctValue: '正确金额',
    difference: '差额',
    vatOnDifference: (rate) => `差额的增值税 ${rate}%`,
  },
  ru: {
    abbreviatedInvoice: 'Упрощённый налоговый счёт-фактура',
    fullInvoice: 'Налоговый счёт-фактура',
    bill: 'Счёт (не налоговый счёт-фактура)',
    copy: 'Копия',
    cancelled: 'Аннулирован',
    taxId: 'ИНН',
    headOffice: 'Головной офис',
    branch: (code) => `Филиал ${code}`,
    posNumber: 'Касса №',
    documentNumber: '№',
    issuedAt: 'Дата и время',
    vatIncluded: 'НДС включён',
    vat: (rate) => `НДС ${rate}%`,
    netAmount: 'Сумма без НДС',
    buyer: 'Покупатель',
    replaces: (number) => `Заменяет ${number}`,
    saleDate: 'Дата продажи',
    reason: 'Причина',
    replacedDate: 'Дата заменённого документа',
    fullInvoiceAsked: 'Запрошен полный налоговый счёт-фактура',
    creditNote: 'Кредит-нота',
    debitNote: 'Дебет-нота',
    substitute: (time) => `Дубликат, выдан ${time}-й раз`,
    substituteDate: 'Дата выдачи дубликата',
    originalInvoice: 'Исходный счёт-фактура',
    originalDated: 'Дата',
    originalValue: 'Сумма по исходному счёту',
    correctValue: 'Правильная сумма',
    difference: 'Разница',
    vatOnDifference: (rate) => `НДС ${rate}% с разницы`,
  },
  ko: {
    abbreviatedInvoice: '간이 세금계산서',
    fullInvoice: '세금계산서',
    bill: '청구서 (세금계산서 아님)',
    copy: '사본',
    cancelled: '취소됨',
    taxId: '납세자 번호',
    headOffice: '본점',
    branch: (code) => `지점 ${code}`,
    posNumber: 'POS 번호',
    documentNumber: '번호',
    issuedAt: '일시',
    vatIncluded: '부가세 포함',
    vat: (rate) => `부가세 ${rate}%`,
    netAmount: '공급가액',
    buyer: '공급받는 자',
    replaces: (number) => `${number} 대체`,
    saleDate: '판매일',
    reason: '사유',
    replacedDate: '원 문서 일자',
    fullInvoiceAsked: '세금계산서 발행 요청',
    creditNote: '대변표',
    debitNote: '차변표',
    substitute: (time) => `${time}차 재발행본`,
    substituteDate: '재발행일',
    originalInvoice: '원 세금계산서',
    originalDated: '일자',
    originalValue: '원 세금계산서 금액',
    correctValue: '정정 금액',
    difference: '차액',
    vatOnDifference: (rate) => `차액의 부가세 ${rate}%`,
  },
  de: {
    abbreviatedInvoice: 'Vereinfachte Steuerrechnung',
    fullInvoice: 'Steuerrechnung',
    bill: 'Rechnung (keine Steuerrechnung)',
    copy: 'Kopie',
    cancelled: 'Storniert',
    taxId: 'Steuer-ID',
    headOffice: 'Hauptsitz',
    branch: (code) => `Filiale ${code}`,
    posNumber: 'Kassen-Nr.',
    documentNumber: 'Nr.',
    issuedAt: 'Datum und Uhrzeit',
    vatIncluded: 'inkl. MwSt.',
    vat: (rate) => `MwSt. ${rate} %`,
    netAmount: 'Nettobetrag',
    buyer: 'Käufer',
    replaces: (number) => `Ersetzt ${number}`,
    saleDate: 'Verkaufsdatum',
    reason: 'Grund',
    replacedDate: 'Datum des ersetzten Belegs',
    fullInvoiceAsked: 'Vollständige Steuerrechnung verlangt',
    creditNote: 'Gutschrift',
    debitNote: 'Belastungsanzeige',
    substitute: (time) => `Ersatzbeleg, ${time}. Ausstellung`,
    substituteDate: 'Ersatzbeleg ausgestellt am',
    originalInvoice: 'Ursprüngliche Steuerrechnung',
    originalDated: 'Datum',
    originalValue: 'Betrag der ursprünglichen Rechnung',
    correctValue: 'Richtiger Betrag',
    difference: 'Differenz',
    vatOnDifference: (rate) => `MwSt. ${rate} % auf die Differenz`,
  },
};

/** Every letter the tax words of a language can hold (a served font must carry them: receipt-font/faces.ts). */
export function taxReceiptTextsOf(language: Language): string {
  const words = taxReceiptWords[language];
  return Object.values(words)
    .map((value) => (typeof value === 'function' ? (value as (arg: string) => string)('') : value))
    .join('');
}
