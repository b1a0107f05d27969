import { formatDateTime, type Language, languages } from '../../shared/i18n/languages';

/**
 * A guest's data export as a page they can read (DESIGN.md, "Requests on record"): the same content as the
 * JSON, laid out in the guest's language. Every value is escaped: names and reasons are what people typed.
 */

interface ExportWords {
  title: string;
  intro: string;
  guest: string;
  name: string;
  email: string;
  since: string;
  erased: string;
  stays: string;
  bungalow: string;
  checkIn: string;
  checkOut: string;
  checkouts: string;
  date: string;
  items: string;
  total: string;
  voided: string;
  documents: string;
  events: string;
  none: string;
}

const words: Record<Language, ExportWords> = {
  en: {
    title: 'Your data',
    intro: 'Everything this resort holds about you, as of',
    guest: 'You',
    name: 'Name',
    email: 'Email',
    since: 'First recorded',
    erased: 'Erased',
    stays: 'Stays',
    bungalow: 'Bungalow',
    checkIn: 'Checked in',
    checkOut: 'Checked out',
    checkouts: 'Minibar charges',
    date: 'Date',
    items: 'Items',
    total: 'Total (THB)',
    voided: 'Voided',
    documents: 'Tax documents',
    events: 'Activity records',
    none: 'None',
  },
  th: {
    title: 'ข้อมูลของคุณ',
    intro: 'ข้อมูลทั้งหมดที่รีสอร์ตเก็บเกี่ยวกับคุณ ณ',
    guest: 'ผู้เข้าพัก',
    name: 'ชื่อ',
    email: 'อีเมล',
    since: 'บันทึกครั้งแรก',
    erased: 'ลบแล้ว',
    stays: 'การเข้าพัก',
    bungalow: 'บังกะโล',
    checkIn: 'เช็กอิน',
    checkOut: 'เช็กเอาต์',
    checkouts: 'ค่ามินิบาร์',
    date: 'วันที่',
    items: 'รายการ',
    total: 'รวม (บาท)',
    voided: 'ยกเลิกแล้ว',
    documents: 'ใบกำกับภาษี',
    events: 'บันทึกกิจกรรม',
    none: 'ไม่มี',
  },
  'zh-Hans': {
    title: '您的数据',
    intro: '本度假村保存的关于您的全部数据，截至',
    guest: '您',
    name: '姓名',
    email: '电子邮件',
    since: '首次记录',
    erased: '已删除',
    stays: '住宿',
    bungalow: '小屋',
    checkIn: '入住',
    checkOut: '退房',
    checkouts: '迷你吧消费',
    date: '日期',
    items: '项目',
    total: '合计（泰铢）',
    voided: '已作废',
    documents: '税务发票',
    events: '活动记录',
    none: '无',
  },
  ru: {
    title: 'Ваши данные',
    intro: 'Все данные о вас, которые хранит курорт, на',
    guest: 'Вы',
    name: 'Имя',
    email: 'Эл. почта',
    since: 'Впервые записано',
    erased: 'Удалено',
    stays: 'Проживания',
    bungalow: 'Бунгало',
    checkIn: 'Заезд',
    checkOut: 'Выезд',
    checkouts: 'Счета мини-бара',
    date: 'Дата',
    items: 'Позиции',
    total: 'Итого (THB)',
    voided: 'Аннулирован',
    documents: 'Налоговые документы',
    events: 'Записи журнала',
    none: 'Нет',
  },
  ko: {
    title: '내 데이터',
    intro: '리조트가 보관하는 귀하에 관한 모든 데이터, 기준 시각',
    guest: '귀하',
    name: '이름',
    email: '이메일',
    since: '최초 기록',
    erased: '삭제됨',
    stays: '숙박',
    bungalow: '방갈로',
    checkIn: '체크인',
    checkOut: '체크아웃',
    checkouts: '미니바 요금',
    date: '날짜',
    items: '항목',
    total: '합계 (THB)',
    voided: '취소됨',
    documents: '세금계산서',
    events: '활동 기록',
    none: '없음',
  },
  de: {
    title: 'Ihre Daten',
    intro: 'Alles, was das Resort über Sie speichert, Stand',
    guest: 'Sie',
    name: 'Name',
    email: 'E-Mail',
    since: 'Zuerst erfasst',
    erased: 'Gelöscht',
    stays: 'Aufenthalte',
    bungalow: 'Bungalow',
    checkIn: 'Check-in',
    checkOut: 'Check-out',
    checkouts: 'Minibar-Rechnungen',
    date: 'Datum',
    items: 'Artikel',
    total: 'Summe (THB)',
    voided: 'Storniert',
    documents: 'Steuerbelege',
    events: 'Protokolleinträge',
    none: 'Keine',
  },
};

export const exportLanguageOf = (code: string | undefined): Language =>
  languages.find((language) => language.code === code)?.code ?? 'en';

const html = (value: unknown): string =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The parts of the export the page shows (the JSON's shape). */
export interface GuestExportView {
  exportedAt: string;
  guest: { name: string; email: string | null; createdAt: string; erasedAt: string | null };
  stays: { bungalow: number; openedAt: string; closedAt: string | null }[];
  checkouts: {
    bungalow: number;
    createdAt: string;
    total: number;
    voidedAt: string | null;
    lines: { drinkName: string; quantity: number }[];
    documents: { number: string; status: string }[];
  }[];
  auditEvents: { at: string; action: string }[];
}

export function guestExportHtml(data: GuestExportView, language: Language): string {
  const w = words[language];
  const when = (at: string | null) => (at ? html(formatDateTime(language, at)) : '');
  const table = (headings: string[], rows: string[][]) =>
    rows.length === 0
      ? `<p>${html(w.none)}</p>`
      : `<table><thead><tr>${headings.map((h) => `<th>${html(h)}</th>`).join('')}</tr></thead><tbody>${rows
          .map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`)
          .join('')}</tbody></table>`;
  const { guest } = data;
  return `<!doctype html>
<html lang="${html(language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(w.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.4}
table{border-collapse:collapse;width:100%;margin-bottom:1.5rem}th,td{border:1px solid #ccc;padding:.3rem .5rem;text-align:left}
th{background:#f3f3f3}</style></head>
<body>
<h1>${html(w.title)}</h1>
<p>${html(w.intro)} ${when(data.exportedAt)}</p>
<h2>${html(w.guest)}</h2>
<dl><dt>${html(w.name)}</dt><dd>${html(guest.name)}</dd>
<dt>${html(w.email)}</dt><dd>${html(guest.email ?? '')}</dd>
<dt>${html(w.since)}</dt><dd>${when(guest.createdAt)}</dd>
${guest.erasedAt ? `<dt>${html(w.erased)}</dt><dd>${when(guest.erasedAt)}</dd>` : ''}</dl>
<h2>${html(w.stays)}</h2>
${table(
  [w.bungalow, w.checkIn, w.checkOut],
  data.stays.map((stay) => [html(stay.bungalow), when(stay.openedAt), when(stay.closedAt)]),
)}
<h2>${html(w.checkouts)}</h2>
${table(
  [w.date, w.bungalow, w.items, w.total, w.documents],
  data.checkouts.map((checkout) => [
    `${when(checkout.createdAt)}${checkout.voidedAt ? ` (${html(w.voided)})` : ''}`,
    html(checkout.bungalow),
    checkout.lines.map((line) => `${html(line.quantity)} × ${html(line.drinkName)}`).join('<br>'),
    html(checkout.total),
    checkout.documents.map((document) => `${html(document.number)} (${html(document.status)})`).join('<br>'),
  ]),
)}
<h2>${html(w.events)}</h2>
${table(
  [w.date, ''],
  data.auditEvents.map((event) => [when(event.at), html(event.action)]),
)}
</body>
</html>
`;
}
