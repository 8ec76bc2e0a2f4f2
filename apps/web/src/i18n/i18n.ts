import dayjs from 'dayjs';
import 'dayjs/locale/hi';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = { en: 'English', hi: 'हिन्दी' } as const;
export type Language = keyof typeof LANGUAGES;
type Strings = Record<string, string>;
type StringsModule = { default: Strings };

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

// Each area keeps its strings in its own file per language (en/settings.json, hi/settings.json…);
// all areas share one flat, prefix-namespaced key space.
const mergeAreas = (areas: StringsModule[]): Strings => Object.assign({}, ...areas.map((area) => area.default)) as Strings;

// English is bundled as the fallback; other languages load only for those who read them.
const english = mergeAreas(Object.values(import.meta.glob<StringsModule>('./en/*.json', { eager: true })));
const otherLanguages: Record<Exclude<Language, 'en'>, Record<string, () => Promise<StringsModule>>> = {
  hi: import.meta.glob<StringsModule>('./hi/*.json'),
};

const loadLanguage = async (language: Language) => {
  if (language === 'en' || i18next.hasResourceBundle(language, 'translation')) return;
  const areas = await Promise.all(Object.values(otherLanguages[language]).map((load) => load()));
  i18next.addResourceBundle(language, 'translation', mergeAreas(areas));
};

const applyLanguage = async (language: Language) => {
  await loadLanguage(language);
  await i18next.changeLanguage(language);
};

/** Remembers the choice and switches to it; resolves once its strings are loaded. */
export const chooseLanguage = (language: Language): Promise<void> => {
  localStorage.setItem(STORAGE_KEY, language);
  return applyLanguage(language);
};

// dates ("2 minutes ago") and the page language follow the interface language
i18next.on('languageChanged', (language) => {
  dayjs.locale(language);
  document.documentElement.lang = language;
});

/** Resolves once the interface language's strings are loaded; the app renders after it. */
export const i18nReady: Promise<void> = i18next
  .use(initReactI18next)
  .init({
    resources: { en: { translation: english } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  } as Parameters<typeof i18next.init>[0])
  .then(() => applyLanguage(detectLanguage()));

export default i18next;
