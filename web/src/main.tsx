import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RelayEnvironmentProvider } from 'react-relay';
import { RouterProvider } from 'react-router-dom';
import { createEnvironment } from './relay/environment.ts';
import { ThemeModeProvider } from './app/theme-mode.tsx';
import { AuthProvider } from './app/auth.tsx';
import { router } from './router.tsx';

const environment = createEnvironment();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeModeProvider>
      <RelayEnvironmentProvider environment={environment}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </RelayEnvironmentProvider>
    </ThemeModeProvider>
  </StrictMode>,
);
