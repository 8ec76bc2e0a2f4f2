import { ThemeProvider } from '@mui/material';
import { enUS, hiIN } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { theme } from './theme';

// MUI's own texts (close buttons, "No options", pagination) in the interface language
const MUI_LOCALES = { en: enUS, hi: hiIN } as const;

export const LocalizedTheme = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation();
  const language = i18n.language in MUI_LOCALES ? (i18n.language as keyof typeof MUI_LOCALES) : 'en';
  const localized = useMemo(() => createTheme(theme, MUI_LOCALES[language]), [language]);
  return <ThemeProvider theme={localized}>{children}</ThemeProvider>;
};
