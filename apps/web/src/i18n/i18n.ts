import dayjs from 'dayjs';
import 'dayjs/locale/hi';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import hi from './hi.json';

export const LANGUAGES = { en: 'English', hi: 'हिन्दी' } as const;
export type Language = keyof typeof LANGUAGES;

const STORAGE_KEY = 'language';

/** The first of the browser's languages we speak, English otherwise; a choice made on the login page wins. */
export const detectLanguage = (preferred: readonly string[] = navigator.languages): Language => {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored && stored in LANGUAGES) return stored as Language;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (base && base in LANGUAGES) return base as Language;
  }
  return 'en';
};

export const chooseLanguage = (language: Language) => {
  localStorage.setItem(STORAGE_KEY, language);
  void i18next.changeLanguage(language);
};

// dates ("2 minutes ago") and the page language follow the interface language
i18next.on('languageChanged', (language) => {
  dayjs.locale(language);
  document.documentElement.lang = language;
});

void i18next.use(initReactI18next).init({
  resources: { en: { translation: en }, hi: { translation: hi } },
  lng: detectLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  showSupportNotice: false,
} as Parameters<typeof i18next.init>[0]);
dayjs.locale(i18next.language);
document.documentElement.lang = i18next.language;

export default i18next;
