import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RelayEnvironmentProvider } from 'react-relay';
import { RouterProvider } from 'react-router-dom';
import { environment } from './relay/environment.ts';
import { ThemeModeProvider } from './app/theme-mode.tsx';
import { AuthProvider } from './app/auth.tsx';
import { ToastProvider } from './app/toasts.tsx';
import { router } from './router.tsx';
import { firstRenderReady } from './app/first-render.ts';

const root = createRoot(document.getElementById('root')!);
void firstRenderReady(router).then(() =>
  root.render(
    <StrictMode>
      <ThemeModeProvider>
        <RelayEnvironmentProvider environment={environment}>
          <ToastProvider>
            <AuthProvider>
              <RouterProvider router={router} />
            </AuthProvider>
          </ToastProvider>
        </RelayEnvironmentProvider>
      </ThemeModeProvider>
    </StrictMode>,
  ),
);
