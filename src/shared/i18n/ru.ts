import type { GuestMessages } from './guest-messages';
import { plural } from './plural';

/** Russian counts take three forms: 1 and 21 (one), 2-4 and 22 (few), 5-20 and 11 (many). */
const count = (n: number, one: string, few: string, many: string) =>
  plural('ru', n, { one, few, many, other: few });

/** Russian, for guests (the polite "вы"). Typed `GuestMessages`: a missing key fails the typecheck. */
export const ru: GuestMessages = {
  checkoutHeading: 'Укажите, сколько напитков не хватает в холодильнике',
  loadingDrinks: 'Загружаем напитки…',
  noItemsSelected: 'Ничего не выбрано',
  summaryTitle: 'Сводка',
  totalCost: 'Итого к оплате',
  generatePdf: 'Создать PDF',
  shareReceipt: 'Поделиться чеком',
  shareText: 'Ваш чек за напитки из холодильника',
  loading: 'Загрузка…',
  noDrinks: 'Напитков пока нет',
  routeError: 'Непредвиденная ошибка приложения!',
  shareTitle: (bungalow) => `Расчёт при выезде, бунгало № ${bungalow}`,
  receiptTitle: (bungalow) => `Счёт за напитки, бунгало № ${bungalow}`,
  startingQuantity: (quantity) => `Было: ${quantity}`,
  lineTotal: (amount) => `Сумма: ${amount}`,

  toastFailedToLoad: 'Не удалось загрузить данные',
  toastGuestNotFound: 'Данные гостя не найдены',
  toastNoItemsSelected: 'Ничего не выбрано',
  toastFailedToShare: 'Не удалось поделиться чеком',
  toastSharingNotSupported: 'На этом устройстве функция «Поделиться» недоступна',
  toastReadyToShare: 'Чек готов — можно поделиться!',
  recordedAs: (id) => `Сохранено под № ${id}`,

  sectionSoftDrinks: 'Безалкогольные напитки',
  sectionBeers: 'Пиво',
  sectionWine: 'Вино',
  sectionOtherDrinks: 'Другие напитки',

  appTitle: 'Проверка холодильника в бунгало',
  navMain: 'Главное меню',
  navCheckout: 'Расчёт при выезде',
  navAdmin: 'Администрирование',
  languageLabel: 'Язык',
  backToCheckout: 'Вернуться к расчёту',

  bungalowHeading: (bungalow) => `Бунгало ${bungalow}`,
  noDrinksSetUp:
    'Для этого холодильника ещё не указаны напитки. Сотрудники могут добавить их в панели администратора.',
  itemsMissing: (units) => `Не хватает: ${units} ${count(units, 'напиток', 'напитка', 'напитков')}`,
  reviewReceipt: 'Посмотреть чек',
  checkConnection: 'Проверьте подключение и попробуйте ещё раз.',
  tryAgain: 'Попробовать ещё раз',
  removeOne: (drink) => `${drink}: на один меньше`,
  addOne: (drink) => `${drink}: на один больше`,
  drinkMissing: (drink) => `${drink}: сколько не хватает`,
  // The server's reason is English: the Russian text says what it means instead.
  shareFailedReload: () =>
    'Не удалось поделиться чеком: список напитков изменился. Обновите страницу, чтобы увидеть актуальное содержимое холодильника.',
  shareRefused: () =>
    'Не удалось поделиться чеком: этот расчёт отменён или относится к другому бунгало. Нажмите «Поделиться чеком» ещё раз, чтобы начать новый.',
  shareThrottled: () =>
    'Не удалось поделиться чеком: слишком много попыток. Подождите немного и попробуйте снова.',
  receiptReadyToShare: 'Чек готов, им можно поделиться.',
  shareNow: 'Поделиться',

  waitingToSend: (n) => `${n} ${count(n, 'расчёт ждёт', 'расчёта ждут', 'расчётов ждут')} отправки`,
  waitingDetail: (n) =>
    n === 1
      ? 'Он сохранён на этом устройстве и будет отправлен, как только появится связь.'
      : 'Они сохранены на этом устройстве и будут отправлены, как только появится связь.',
  sendNow: 'Отправить сейчас',
  allSent: 'Все расчёты отправлены.',
  checkRefused: (bungalow, reason) => `Расчёт по бунгало ${bungalow} не принят: ${reason}`,
  discard: 'Удалить',
  iosInstall:
    'На iPhone или iPad добавьте это приложение на экран «Домой» («Поделиться», затем «На экран „Домой“»): Safari отправляет ожидающие расчёты, только пока приложение открыто, и удаляет данные неустановленных сайтов, если их не открывали 7 дней.',
  queuedToast: 'Нет связи: расчёт сохранён на этом устройстве и будет отправлен, когда связь восстановится.',
  offlineDrinks: (savedOn) =>
    `Сервер недоступен: эти напитки и цены сохранены ${savedOn ?? 'ранее'} и могут быть неактуальны.`,

  receiptDate: (date) => `Дата: ${date}`,
  receiptFooter: (bungalow, recap, total) =>
    `Спасибо, что остановились у нас в бунгало № ${bungalow}! Надеемся, вам всё понравилось. Напитки из холодильника: ${recap}. Итого: ${total}.`,
  receiptNothingTaken: 'нет',
  receiptGuest: (name) => `Гость: ${name}`,

  payWithPromptPay: 'Оплата через PromptPay',
  payeeLine: (name) => `Получатель: ${name}`,
  scanWithBankingApp: 'Отсканируйте в приложении любого тайского банка',
  qrLabel: (amount, payee) => `QR-код PromptPay на ${amount}${payee ? `, получатель: ${payee}` : ''}`,
  promptPayOverLimit: (limit) =>
    `Сумма больше ${limit} THB — это слишком много для одного платежа PromptPay. Пожалуйста, оплатите сотруднику.`,
  promptPayPayStaff: 'Эту сумму нельзя оплатить по QR-коду PromptPay. Пожалуйста, оплатите сотруднику.',
  notRefilled: (items) => `Не пополнено с последней проверки: ${items}`,
  lackLine: (units, drink) => `${drink}: ${units} шт.`,
  exceedsFridge: (reason) =>
    `Не удалось отправить чек: ${reason}. Пересчитайте, чего не хватает в холодильнике.`,
};
