import { TextField, type TextFieldProps } from '@mui/material';
import { createContext, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Set once the user tried to save: from then on every empty required field says so. */
export const SubmittedContext = createContext(false);

/** A required text field that names its problem when left empty. */
export const RequiredTextField = (props: TextFieldProps & { value: string }) => {
  const { t } = useTranslation();
  const submitted = useContext(SubmittedContext);
  const [touched, setTouched] = useState(false);
  const missing = (submitted || touched) && !props.value.trim();
  return (
    <TextField
      {...props}
      required
      error={missing || props.error}
      helperText={missing ? t('sharedRequired') : props.helperText}
      onBlur={(event) => {
        setTouched(true);
        props.onBlur?.(event);
      }}
    />
  );
};
