import type { AccountingAccountDto, AccountingTaxTypeDto } from '@syncdesk/contracts';

/**
 * Accounts and tax types per accounting provider (catalogue slugs xero, quickbooksonline, sage,
 * e-logo): a static reference list until a connector fetches each channel's own lists. The codes
 * are the providers' standard ones for a UK (or, for e-Logo, Turkish) organisation.
 */
export interface AccountingReference {
  /** How the seller reads the provider's name in messages. */
  providerName: string;
  accounts: readonly AccountingAccountDto[];
  taxTypes: readonly AccountingTaxTypeDto[];
}

/**
 * The Turkish VAT exemption codes (GİB e-Fatura code list "İstisna Kodları", spec §9 "Turkish VAT
 * codes 201-450"): 2xx partial exemptions, 3xx full exemptions, 351 "not an exemption, other".
 * The list has no codes above 351; codes of the range it does not define are refused.
 */
export const TURKISH_VAT_EXEMPTION_CODES: readonly (readonly [string, string])[] = [
  ['201', '17/1 Kültür ve Eğitim Amacı Taşıyan İşlemler'],
  ['202', '17/2-a Sağlık, Çevre Ve Sosyal Yardım Amaçlı İşlemler'],
  [
    '204',
    '17/2-c Yabancı Diplomatik Organ Ve Hayır Kurumlarının Yapacakları Bağışlarla İlgili Mal Ve Hizmet Alışları',
  ],
  ['205', '17/2-d Taşınmaz Kültür Varlıklarına İlişkin Teslimler ve Mimarlık Hizmetleri'],
  ['206', '17/2-e Mesleki Kuruluşların İşlemleri'],
  ['207', '17/3 Askeri Fabrika, Tersane ve Atölyelerin İşlemleri'],
  ['208', '17/4-c Birleşme, Devir, Dönüşüm ve Bölünme İşlemleri'],
  ['209', '17/4-e Banka ve Sigorta Muameleleri Vergisi Kapsamına Giren İşlemler'],
  ['211', '17/4-h Zirai Amaçlı Su Teslimleri İle Köy Tüzel Kişiliklerince Yapılan İçme Suyu teslimleri'],
  ['212', '17/4-ı Serbest Bölgelerde Verilen Hizmetler'],
  ['213', '17/4-j Boru Hattı İle Yapılan Petrol Ve Gaz Taşımacılığı'],
  [
    '214',
    '17/4-k Organize Sanayi Bölgelerindeki Arsa ve İşyeri Teslimleri İle Konut Yapı Kooperatiflerinin Üyelerine Konut Teslimleri',
  ],
  ['215', '17/4-l Varlık Yönetim Şirketlerinin İşlemleri'],
  ['216', '17/4-m Tasarruf Mevduatı Sigorta Fonunun İşlemleri'],
  ['217', '17/4-n Basın-Yayın ve Enformasyon Genel Müdürlüğüne Verilen Haber Hizmetleri'],
  [
    '218',
    '17/4-o Gümrük Antrepoları, Geçici Depolama Yerleri, Gümrüklü Sahalar ve Vergisiz Satış Yapılan Mağazalarla İlgili Hizmetler',
  ],
  ['219', '17/4-p Hazine ve Arsa Ofisi Genel Müdürlüğünün işlemleri'],
  ['220', '17/4-r İki Tam Yıl Süreyle Sahip Olunan Taşınmaz ve İştirak Hisseleri Satışları'],
  [
    '221',
    'Geçici 15 Konut Yapı Kooperatifleri, Belediyeler ve Sosyal Güvenlik Kuruluşlarına Verilen İnşaat Taahhüt Hizmeti',
  ],
  ['223', 'Geçici 20/1 Teknoloji Geliştirme Bölgelerinde Yapılan İşlemler'],
  ['225', 'Geçici 23 Milli Eğitim Bakanlığına Yapılan Bilgisayar Bağışları İle İlgili Teslimler'],
  [
    '226',
    '17/2-b Özel Okulları, Üniversite ve Yüksekokullar Tarafından Verilen Bedelsiz Eğitim Ve Öğretim Hizmetleri',
  ],
  ['227', '17/2-b Kanunların Gösterdiği Gerek Üzerine Bedelsiz Olarak Yapılan Teslim ve Hizmetler'],
  ['228', '17/2-b Kanunun (17/1) Maddesinde Sayılan Kurum ve Kuruluşlara Bedelsiz Olarak Yapılan Teslimler'],
  [
    '229',
    '17/2-b Gıda Bankacılığı Faaliyetinde Bulunan Dernek ve Vakıflara Bağışlanan Gıda, Temizlik, Giyecek ve Yakacak Maddeleri',
  ],
  ['230', '17/4-g Külçe Altın, Külçe Gümüş Ve Kiymetli Taşlarin Teslimi'],
  ['231', '17/4-g Metal Plastik, Lastik, Kauçuk, Kağit, Cam Hurda Ve Atıkların Teslimi'],
  ['232', '17/4-g Döviz, Para, Damga Pulu, Değerli Kağıtlar, Hisse Senedi ve Tahvil Teslimleri'],
  ['234', '17/4-ş Konut Finansmanı Amacıyla Teminat Gösterilen ve İpotek Konulan Konutların Teslimi'],
  [
    '235',
    '16/1-c Transit ve Gümrük Antrepo Rejimleri İle Geçici Depolama ve Serbest Bölge Hükümlerinin Uygulandığı Malların Teslimi',
  ],
  [
    '236',
    '19/2 Usulüne Göre Yürürlüğe Girmiş Uluslararası Anlaşmalar Kapsamındaki İstisnalar (İade Hakkı Tanınmayan)',
  ],
  [
    '237',
    '17/4-t 5300 Sayılı Kanuna Göre Düzenlenen Ürün Senetlerinin İhtisas/Ticaret Borsaları Aracılığıyla İlk Teslimlerinden Sonraki Teslim',
  ],
  [
    '238',
    '17/4-u Varlıkların Varlık Kiralama Şirketlerine Devri İle Bu Varlıkların Varlık Kiralama Şirketlerince Kiralanması ve Devralınan Kuruma Devri',
  ],
  [
    '239',
    '17/4-y Taşınmazların Finansal Kiralama Şirketlerine Devri, Finansal Kiralama Şirketi Tarafından Devredene Kiralanması ve Devri',
  ],
  [
    '240',
    '17/4-z Patentli Veya Faydalı Model Belgeli Buluşa İlişkin Gayri Maddi Hakların Kiralanması, Devri ve Satışı',
  ],
  ['241', 'Türk Akım Gaz Boru Hattı Projesine İlişkin Anlaşmanın (9/b) Maddesinde Yer Alan Hizmetler'],
  [
    '242',
    'KDV 17/4-ö md. Gümrük Antrepoları, Geçici Depolama Yerleri ile Gümrüklü Sahalarda, İthalat ve İhracat İşlemlerine konu mallar ile transit rejim',
  ],
  ['250', 'Diğerleri'],
  ['301', '11/1-a Mal İhracatı'],
  ['302', '11/1-a Hizmet İhracatı'],
  ['303', '11/1-a Roaming Hizmetleri'],
  ['304', '13/a Deniz Hava ve Demiryolu Taşıma Araçlarının Teslimi İle İnşa, Tadil, Bakım ve Onarımları'],
  ['305', '13/b Deniz ve Hava Taşıma Araçları İçin Liman Ve Hava Meydanlarında Yapılan Hizmetler'],
  [
    '306',
    '13/c Petrol Aramaları ve Petrol Boru Hatlarının İnşa ve Modernizasyonuna İlişkin Yapılan Teslim ve Hizmetler',
  ],
  [
    '307',
    '13/c Maden Arama, Altın, Gümüş, ve Platin Madenleri İçin İşletme, Zenginleştirme Ve Rafinaj Faaliyetlerine İlişkin Teslim Ve Hizmetler',
  ],
  ['308', '13/d Teşvikli Yatırım Mallarının Teslimi'],
  ['309', '13/e Liman Ve Hava Meydanlarının İnşası, Yenilenmesi Ve Genişletilmesi'],
  ['310', '13/f Ulusal Güvenlik Amaçlı Teslim ve Hizmetler'],
  ['311', '14/1 Uluslararası Taşımacılık'],
  ['312', '15/a Diplomatik Organ Ve Misyonlara Yapılan Teslim ve Hizmetler'],
  ['313', '15/b Uluslararası Kuruluşlara Yapılan Teslim ve Hizmetler'],
  ['314', '19/2 Usulüne Göre Yürürlüğe Girmiş Uluslar Arası Anlaşmalar Kapsamındaki İstisnalar'],
  ['315', '14/3 İhraç Konusu Eşyayı Taşıyan Kamyon, Çekici ve Yarı Romorklara Yapılan Motorin Teslimleri'],
  ['316', '11/1-a Serbest Bölgelerdeki Müşteriler İçin Yapılan Fason Hizmetler'],
  [
    '317',
    '17/4-s Engellilerin Eğitimleri, Meslekleri ve Günlük Yaşamlarına İlişkin Araç-Gereç ve Bilgisayar Programları',
  ],
  [
    '318',
    'Geçici 29 Yap-İşlet-Devret ve Kiralama Karşılığı Yaptırılan Sağlık ve Eğitim Öğretim Tesislerine İlişkin Projelere İlişkin Teslim ve Hizmetler',
  ],
  ['319', '13/g Başbakanlık Merkez Teşkilatına Yapılan Araç Teslimleri'],
  [
    '320',
    'Geçici 16 (6111 sayılı K.) İSMEP Kapsamında İstanbul Proje Koordinasyon Birimine Yapılacak Teslim ve Hizmetler',
  ],
  [
    '321',
    'Geçici 26 BM, NATO ve OECD Temsilcilikleri ile Bağlı Kuruluşlarına Yapılan Mal Teslimi ve Hizmet İfaları',
  ],
  ['322', "11/1-a Türkiye'de İkamet Etmeyenlere Özel Fatura ile Yapılan Teslimler (Bavul Ticareti)"],
  [
    '323',
    '13/ğ 5300 Sayılı Kanuna Göre Düzenlenen Ürün Senetlerinin İhtisas/Ticaret Borsaları Aracılığıyla İlk Teslimi',
  ],
  [
    '324',
    '13/h Türkiye Kızılay Derneğine Yapılan Teslim ve Hizmetler ile Türkiye Kızılay Derneğinin Teslim ve Hizmetleri',
  ],
  ['325', '13/ı Yem Teslimleri'],
  ['326', '13/ı Gıda, Tarım ve Hayvancılık Bakanlığı Tarafından Tescil Edilmiş Gübrelerin Teslimi'],
  ['327', '13/ı Tescil Edilmiş Gübrelerin İçeriğinde Bulunan Hammaddelerin Gübre Üreticilerine Teslimi'],
  ['328', '13/i Konut veya İşyeri Teslimleri'],
  [
    '330',
    'KDV 13/j md. Organize Sanayi Bölgeleri ile Küçük Sanayi Sitelerinin İnşasına İlişkin Teslim ve Hizmetler',
  ],
  [
    '331',
    'KDV 13/m md. Ar-Ge, Yenilik ve Tasarım Faaliyetlerinde Kullanılmak Üzere Yapılan Yeni Makina ve Teçhizat Teslimlerinde İstisna',
  ],
  [
    '332',
    'KDV Geçici 39. Md. İmalat Sanayiinde Kullanılmak Üzere Yapılan Yeni Makina ve Teçhizat Teslimlerinde İstisna',
  ],
  [
    '333',
    'KDV 13/k md. Kamu İdarelerine, Belediyelere ve Köylere Bağışlanan Tesislerin İnşasına İlişkin İstisna',
  ],
  ['334', 'KDV 13/l md. Kapsamında Yabancılara Verilen Sağlık Hizmetlerinde İstisna'],
  ['335', 'KDV 13/n Basılı Kitap ve Süreli Yayınların Teslimleri'],
  ['336', 'Geçici 40 UEFA Müsabakaları Kapsamında Yapılacak Teslim ve Hizmetler'],
  [
    '337',
    'Türk Akım Gaz Boru Hattı Projesine İlişkin Anlaşmanın (9/h) Maddesi Kapsamındaki Gaz Taşıma Hizmetleri',
  ],
  ['338', 'İmalatçıların Mal İhracatları'],
  [
    '339',
    'İmalat Sanayii ile Turizme Yönelik Yatırım Teşvik Belgesi Kapsamındaki İnşaat İşlerine İlişkin Teslim ve Hizmetler',
  ],
  ['340', 'Elektrik Motorlu Taşıt Araçlarının Geliştirilmesine Yönelik Mühendislik Hizmetleri'],
  ['350', 'Diğerleri'],
  ['351', 'KDV - İstisna Olmayan Diğer'],
];

const tax = (code: string, name: string, rate: string): AccountingTaxTypeDto => ({ code, name, rate });

export const ACCOUNTING_REFERENCE: Readonly<Record<string, AccountingReference>> = {
  xero: {
    providerName: 'Xero',
    accounts: [
      { code: '200', name: 'Sales', type: 'REVENUE' },
      { code: '260', name: 'Other Revenue', type: 'REVENUE' },
      { code: '270', name: 'Interest Income', type: 'REVENUE' },
      { code: '310', name: 'Cost of Goods Sold', type: 'DIRECTCOSTS' },
    ],
    taxTypes: [
      tax('OUTPUT2', '20% (VAT on Income)', '20.00'),
      tax('RROUTPUT', '5% (VAT on Income)', '5.00'),
      tax('ZERORATEDOUTPUT', 'Zero Rated Income', '0.00'),
      tax('EXEMPTOUTPUT', 'Exempt Income', '0.00'),
      tax('NONE', 'No VAT', '0.00'),
    ],
  },
  quickbooksonline: {
    providerName: 'QuickBooks Online',
    accounts: [
      { code: '1', name: 'Sales', type: 'Income' },
      { code: '79', name: 'Sales of Product Income', type: 'Income' },
      { code: '82', name: 'Services', type: 'Income' },
      { code: '86', name: 'Discounts given', type: 'Income' },
    ],
    taxTypes: [
      tax('20.0% S', '20.0% S (Standard)', '20.00'),
      tax('5.0% R', '5.0% R (Reduced)', '5.00'),
      tax('0.0% Z', '0.0% Z (Zero-rated)', '0.00'),
      tax('Exempt', 'Exempt', '0.00'),
      tax('No VAT', 'No VAT', '0.00'),
    ],
  },
  sage: {
    providerName: 'Sage',
    accounts: [
      { code: '4000', name: 'Sales Type A', type: 'SALES' },
      { code: '4010', name: 'Sales Type B', type: 'SALES' },
      { code: '4009', name: 'Discounts Allowed', type: 'SALES' },
      { code: '4900', name: 'Miscellaneous Income', type: 'OTHER_INCOME' },
    ],
    taxTypes: [
      tax('GB_STANDARD', 'Standard 20.00%', '20.00'),
      tax('GB_LOWER', 'Lower 5.00%', '5.00'),
      tax('GB_ZERO', 'Zero 0.00%', '0.00'),
      tax('GB_EXEMPT', 'Exempt', '0.00'),
      tax('GB_NO_TAX', 'No Tax', '0.00'),
    ],
  },
  'e-logo': {
    providerName: 'e-Logo',
    accounts: [
      { code: '600', name: 'Yurt İçi Satışlar', type: 'Gelir' },
      { code: '601', name: 'Yurt Dışı Satışlar', type: 'Gelir' },
      { code: '602', name: 'Diğer Gelirler', type: 'Gelir' },
      { code: '611', name: 'Satış İskontoları', type: 'Gelir' },
    ],
    taxTypes: [
      // The VAT rates in force since July 2023; 0% only with an exemption code.
      tax('KDV20', 'KDV %20', '20.00'),
      tax('KDV10', 'KDV %10', '10.00'),
      tax('KDV1', 'KDV %1', '1.00'),
      ...TURKISH_VAT_EXEMPTION_CODES.map(([code, name]) => ({
        code,
        name: `${code} - ${name}`,
        rate: '0.00',
        exemption: true,
      })),
    ],
  },
};

export function accountingReferenceOf(channelType: string): AccountingReference | undefined {
  return ACCOUNTING_REFERENCE[channelType];
}
