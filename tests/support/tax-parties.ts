/** A seller and a buyer with valid Thai tax IDs (their check digits hold), for the tax documents' tests. */
export const seller = {
  sellerName: 'Koh Samet Bungalows Co., Ltd.',
  taxId: '0105535000123',
  branch: '00000',
  address: '1 Moo 4, Phe, Mueang Rayong, Rayong 21160',
};

export const buyer = {
  buyerName: 'Acme Trading Co., Ltd.',
  buyerAddress: '99 Sukhumvit Rd, Khlong Toei, Bangkok 10110',
  buyerTaxId: '1101700203298',
  buyerBranch: '00001',
};
