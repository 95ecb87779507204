/**
 * Everyday words for each expertise group (by id), besides its name, that a patient may type in the
 * doctor finder: «بارداری» finds the gynaecologists, «دیابت» the endocrinologists. A group's name
 * and each doctor's title («متخصص قلب و عروق») are searched as well, so these list only what
 * those do not say.
 */
export const SPECIALTY_WORDS: Readonly<Record<string, readonly string[]>> = {
  cardiology: ['قلبی', 'فشار خون', 'کاردیولوژی', 'نوار قلب', 'اکو'],
  dentistry: ['ارتودنسی', 'عصب‌کشی', 'ارتودنتیست'],
  dermatology: ['پوستی', 'جوش', 'آکنه', 'ریزش مو'],
  endocrinology: ['دیابت', 'قند', 'تیروئید', 'هورمون'],
  ent: ['شنوایی', 'سینوس', 'لوزه'],
  gastroenterology: ['معده', 'روده', 'کبد چرب'],
  'general-surgery': ['جراح', 'آپاندیس', 'فتق'],
  'infectious-diseases': ['عفونت', 'تب'],
  nephrology: ['دیالیز'],
  neurology: ['سردرد', 'میگرن', 'صرع', 'سکته'],
  'obstetrics-gynecology': ['بارداری', 'حاملگی', 'ناباروری', 'مامایی', 'سونوگرافی'],
  ophthalmology: ['بینایی', 'عینک', 'آب مروارید'],
  orthopedics: ['استخوان', 'مفصل', 'زانو', 'کمر درد', 'شکستگی'],
  pediatrics: ['اطفال', 'کودک', 'بچه', 'نوزاد'],
  psychiatry: ['روان', 'افسردگی', 'اضطراب', 'اعصاب و روان'],
  pulmonology: ['تنفس', 'آسم', 'سرفه'],
  urology: ['پروستات', 'سنگ کلیه', 'مثانه'],
};
