import type { GuestMessages } from './guest-messages';

/** Korean, for guests (polite 합쇼체/해요체). Typed `GuestMessages`: a missing key fails the typecheck. */
export const ko: GuestMessages = {
  checkoutHeading: '냉장고에서 빠진 음료의 개수를 입력해 주세요',
  loadingDrinks: '음료를 불러오는 중…',
  noItemsSelected: '선택한 항목이 없습니다',
  summaryTitle: '이용 내역',
  totalCost: '총액',
  generatePdf: 'PDF 만들기',
  shareReceipt: '영수증 공유',
  shareText: '냉장고 음료 이용 영수증입니다',
  loading: '불러오는 중…',
  noDrinks: '등록된 음료가 없습니다',
  routeError: '예기치 않은 오류가 발생했습니다!',
  shareTitle: (bungalow) => `${bungalow}번 방갈로 체크아웃`,
  receiptTitle: (bungalow) => `${bungalow}번 방갈로 냉장고 영수증`,
  startingQuantity: (quantity) => `처음 수량: ${quantity}`,
  lineTotal: (amount) => `합계: ${amount}`,

  toastFailedToLoad: '데이터를 불러오지 못했습니다',
  toastGuestNotFound: '투숙객 정보를 찾을 수 없습니다',
  toastNoItemsSelected: '선택한 항목이 없습니다',
  toastFailedToShare: '영수증을 공유하지 못했습니다',
  toastSharingNotSupported: '이 기기에서는 공유를 지원하지 않습니다',
  toastReadyToShare: '영수증을 공유할 준비가 되었습니다!',
  recordedAs: (id) => `기록 번호 ${id}`,

  sectionSoftDrinks: '청량음료',
  sectionBeers: '맥주',
  sectionWine: '와인',
  sectionOtherDrinks: '기타 음료',

  appTitle: '방갈로 냉장고 확인',
  navMain: '주 메뉴',
  navCheckout: '체크아웃',
  navAdmin: '관리자',
  languageLabel: '언어',
  backToCheckout: '체크아웃으로 돌아가기',

  bungalowHeading: (bungalow) => `${bungalow}번 방갈로`,
  noDrinksSetUp: '이 냉장고에는 아직 등록된 음료가 없습니다. 직원이 관리자 화면에서 추가할 수 있습니다.',
  itemsMissing: (units) => `빠진 음료 ${units}개`,
  reviewReceipt: '영수증 확인',
  checkConnection: '연결 상태를 확인한 뒤 다시 시도해 주세요.',
  tryAgain: '다시 시도',
  removeOne: (drink) => `${drink} 하나 빼기`,
  addOne: (drink) => `${drink} 하나 더하기`,
  drinkMissing: (drink) => `빠진 ${drink} 개수`,
  // The server's reason is English: the Korean text says what it means instead.
  shareFailedReload: () =>
    '영수증을 공유하지 못했습니다. 음료 목록이 바뀌었으니 페이지를 새로 고쳐 냉장고의 최신 목록을 확인해 주세요.',
  shareRefused: () =>
    "영수증을 공유하지 못했습니다. 이 체크아웃은 취소되었거나 다른 방갈로의 것입니다. '영수증 공유'를 다시 누르면 새로 시작합니다.",
  shareThrottled: () => '영수증을 공유하지 못했습니다. 요청이 너무 많으니 잠시 후 다시 시도해 주세요.',
  receiptReadyToShare: '영수증을 공유할 수 있습니다.',
  shareNow: '지금 공유',

  waitingToSend: (count) => `전송 대기 중인 체크아웃 ${count}건`,
  waitingDetail: () => '이 기기에 저장되어 있으며, 연결이 복구되는 대로 전송됩니다.',
  sendNow: '지금 전송',
  allSent: '모두 전송되었습니다.',
  checkRefused: (bungalow, reason) => `${bungalow}번 방갈로의 체크아웃이 접수되지 않았습니다: ${reason}`,
  discard: '삭제',
  iosInstall:
    "iPhone이나 iPad에서는 이 앱을 홈 화면에 추가해 주세요(공유 → '홈 화면에 추가'). Safari는 앱이 열려 있을 때만 대기 중인 체크아웃을 전송하며, 설치하지 않은 사이트의 데이터는 7일 동안 방문하지 않으면 삭제합니다.",
  queuedToast: '연결 없음: 체크아웃이 이 기기에 저장되었으며, 연결이 복구되면 전송됩니다.',
  offlineDrinks: (savedOn) =>
    `서버에 연결할 수 없습니다. 이 음료와 가격은 ${savedOn ? `${savedOn}에` : '이전에'} 저장된 것으로, 최신 정보가 아닐 수 있습니다.`,

  receiptDate: (date) => `날짜: ${date}`,
  receiptFooter: (bungalow, recap, total) =>
    `${bungalow}번 방갈로에 머물러 주셔서 감사합니다! 즐거운 시간 보내셨기를 바랍니다. 냉장고에서 꺼낸 음료: ${recap}. 합계: ${total}.`,
  receiptNothingTaken: '없음',
  receiptGuest: (name) => `투숙객: ${name}`,

  payWithPromptPay: 'PromptPay로 결제',
  payeeLine: (name) => `받는 사람: ${name}`,
  scanWithBankingApp: '태국 은행 앱이라면 어느 것으로든 스캔하세요',
  qrLabel: (amount, payee) => `${amount} 결제용 PromptPay QR 코드${payee ? `(받는 사람: ${payee})` : ''}`,
  promptPayOverLimit: (limit) =>
    `총액이 ${limit} THB를 넘어 PromptPay 한 번으로 결제하기에는 많습니다. 직원에게 결제해 주세요.`,
  promptPayPayStaff: '이 금액은 PromptPay QR 코드로 만들 수 없습니다. 직원에게 결제해 주세요.',
  notRefilled: (items) => `지난 점검 이후 채워지지 않음: ${items}`,
  lackLine: (units, drink) => `${drink} ${units}개`,
  exceedsFridge: (reason) =>
    `영수증을 공유하지 못했습니다: ${reason}. 냉장고에서 빠진 것을 다시 세어 주세요.`,
};
