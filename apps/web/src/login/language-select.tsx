import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, LANGUAGES, type Language } from '../i18n/i18n';

export const LanguageSelect = () => {
  const { t, i18n } = useTranslation();
  return (
    <TextField select size="small" label={t('loginLanguage')} value={i18n.language} onChange={(event) => void chooseLanguage(event.target.value as Language)}>
      {Object.entries(LANGUAGES).map(([code, name]) => (
        <MenuItem key={code} value={code}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
};
