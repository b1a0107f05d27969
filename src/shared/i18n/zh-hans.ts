import type { GuestMessages } from './guest-messages';

/** Simplified Chinese, for guests. Typed `GuestMessages`: a missing key fails the typecheck. */
export const zhHans: GuestMessages = {
  checkoutHeading: '请填写冰箱中缺少的饮品数量',
  loadingDrinks: '正在加载饮品…',
  noItemsSelected: '尚未选择任何饮品',
  summaryTitle: '消费明细',
  totalCost: '总计',
  generatePdf: '生成 PDF',
  shareReceipt: '分享收据',
  shareText: '您的冰箱饮品消费收据',
  loading: '加载中…',
  noDrinks: '暂无饮品',
  routeError: '应用出现意外错误！',
  shareTitle: (bungalow) => `${bungalow} 号小屋退房结算`,
  receiptTitle: (bungalow) => `${bungalow} 号小屋冰箱饮品收据`,
  startingQuantity: (quantity) => `初始数量：${quantity}`,
  lineTotal: (amount) => `小计：${amount}`,

  toastFailedToLoad: '数据加载失败',
  toastGuestNotFound: '未找到住客信息',
  toastNoItemsSelected: '尚未选择任何饮品',
  toastFailedToShare: '收据分享失败',
  toastSharingNotSupported: '此设备不支持分享',
  toastReadyToShare: '收据已准备好，可以分享了！',
  recordedAs: (id) => `已记录，编号 ${id}`,

  sectionSoftDrinks: '软饮料',
  sectionBeers: '啤酒',
  sectionWine: '葡萄酒',
  sectionOtherDrinks: '其他饮品',

  appTitle: '小屋冰箱核对',
  navMain: '主菜单',
  navCheckout: '退房结算',
  navAdmin: '管理',
  languageLabel: '语言',
  backToCheckout: '返回退房结算',

  bungalowHeading: (bungalow) => `${bungalow} 号小屋`,
  noDrinksSetUp: '此冰箱尚未设置饮品，工作人员可在管理后台添加。',
  itemsMissing: (units) => `缺少 ${units} 件`,
  reviewReceipt: '查看收据',
  checkConnection: '请检查网络连接后重试。',
  tryAgain: '重试',
  removeOne: (drink) => `${drink}减少一件`,
  addOne: (drink) => `${drink}增加一件`,
  drinkMissing: (drink) => `${drink}缺少数量`,
  // The server's reason is English: the Chinese text says what it means instead.
  shareFailedReload: () => '收据分享失败：饮品列表已更新，请刷新页面查看冰箱里的最新饮品。',
  shareRefused: () => '收据分享失败：此次结算已作废或属于其他小屋。请再次点击“分享收据”开始新的结算。',
  shareThrottled: () => '收据分享失败：操作过于频繁，请稍后再试。',
  receiptReadyToShare: '收据已准备好，可以分享。',
  shareNow: '立即分享',

  waitingToSend: (count) => `${count} 条结算记录等待发送`,
  waitingDetail: () => '记录已保存在此设备上，网络恢复后会立即发送。',
  sendNow: '立即发送',
  allSent: '所有结算记录均已发送。',
  checkRefused: (bungalow, reason) => `${bungalow} 号小屋的结算未被接受：${reason}`,
  discard: '放弃',
  iosInstall:
    '在 iPhone 或 iPad 上，请将此应用添加到主屏幕（点击“分享”，再选择“添加到主屏幕”）：Safari 仅在应用打开时发送待发送的记录；未安装的网站如 7 天无人访问，其保存的数据会被删除。',
  queuedToast: '无网络连接：结算记录已保存在此设备上，网络恢复后将自动发送。',
  offlineDrinks: (savedOn) =>
    `无法连接服务器：这些饮品和价格${savedOn ? `保存于 ${savedOn}` : '是之前保存的'}，可能已不是最新信息。`,

  receiptDate: (date) => `日期：${date}`,
  receiptFooter: (bungalow, recap, total) =>
    `感谢您入住 ${bungalow} 号小屋！希望您住得愉快。从冰箱取用的饮品：${recap}。总计：${total}。`,
  receiptNothingTaken: '无',
  receiptGuest: (name) => `住客：${name}`,

  payWithPromptPay: '使用 PromptPay 付款',
  payeeLine: (name) => `收款人：${name}`,
  scanWithBankingApp: '可用任意泰国银行应用扫码付款',
  qrLabel: (amount, payee) => `PromptPay 付款二维码，金额 ${amount}${payee ? `，收款人 ${payee}` : ''}`,
  promptPayOverLimit: (limit) => `总额超过 ${limit} 泰铢，不宜通过单笔 PromptPay 付款，请向工作人员付款。`,
  promptPayPayStaff: '此金额无法生成 PromptPay 二维码，请向工作人员付款。',
  notRefilled: (items) => `上次检查后未补货：${items}`,
  lackLine: (units, drink) => `${drink} ${units} 瓶`,
  exceedsFridge: (reason) => `无法分享收据：${reason}。请重新清点冰箱中缺少的饮品。`,
};
