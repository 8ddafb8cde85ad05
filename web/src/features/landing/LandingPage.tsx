import styled from 'styled-components';
import { BarChart3, PieChart, Receipt, ShieldCheck, Wallet, Zap } from 'lucide-react';
import { LinkButton, Button } from '../../components/Button.tsx';
import { Logo } from '../../components/Logo.tsx';
import { useDocumentTitle } from '../../app/document-title.ts';

const FEATURES = [
  { icon: Wallet, title: 'Income Tracking', text: 'Log every paycheck, weekly or monthly, and always know what came in.' },
  { icon: PieChart, title: 'Smart Budget Allocation', text: 'Split your income across bills, expenses, debt, investments and savings.' },
  { icon: Receipt, title: 'Expense Tracking', text: 'Record spending by category and see it against your budget limits.' },
  { icon: BarChart3, title: 'Detailed Reports', text: 'Weekly, monthly and yearly reports with CSV and printable exports.' },
  { icon: ShieldCheck, title: 'Secure & Private', text: 'Your data is yours alone: private to your account, on your own server.' },
  { icon: Zap, title: 'Real-time Updates', text: 'Changes show up instantly on every device you are signed in on.' },
];

/** The public landing page (docs/product.md#landing-page): every sign-in button navigates to /api/login. */
export function LandingPage() {
  useDocumentTitle();
  return (
    <Page>
      <Header>
        <Brand>
          <Logo /> Budget
        </Brand>
        <LinkButton href="/api/login" $variant="secondary">
          Sign In
        </LinkButton>
      </Header>
      <main>
        <Hero>
          <h1>Take Control of Your Financial Future</h1>
          <p>
            Track your income, plan where every dollar goes, and watch your savings grow. One simple place for your paychecks, budget, bills
            and goals.
          </p>
          <Actions>
            <LinkButton href="/api/login" $size="lg">
              Get Started Free
            </LinkButton>
            <Button
              type="button"
              $variant="secondary"
              $size="lg"
              onClick={() => document.getElementById('features')?.scrollIntoView({ behavior: 'smooth' })}
            >
              Learn More
            </Button>
          </Actions>
        </Hero>
        <Features id="features" aria-label="Features">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <Feature key={title}>
              <IconBox>
                <Icon aria-hidden />
              </IconBox>
              <h2>{title}</h2>
              <p>{text}</p>
            </Feature>
          ))}
        </Features>
        <Cta>
          <h2>Ready to Transform Your Finances?</h2>
          <p>Join now and start building a budget that works for you.</p>
          <LinkButton href="/api/login" $size="lg">
            Start Managing Your Money
          </LinkButton>
        </Cta>
      </main>
      <Footer>© {new Date().getFullYear()} Budget. All rights reserved.</Footer>
    </Page>
  );
}

const Page = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  background: radial-gradient(1200px 600px at 50% -200px, ${({ theme }) => theme.color.primarySoft}, transparent);
`;
const Header = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  max-width: 1120px;
  width: 100%;
  margin: 0 auto;
  padding: 1.25rem 1.5rem;
`;
const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  font-weight: 800;
  font-size: 1.25rem;
`;
const Hero = styled.section`
  max-width: 820px;
  margin: 0 auto;
  padding: 4.5rem 1.5rem 3.5rem;
  text-align: center;
  h1 {
    font-size: clamp(2.1rem, 5vw, 3.4rem);
    line-height: 1.1;
    letter-spacing: -0.02em;
  }
  p {
    margin-top: 1.25rem;
    font-size: 1.15rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
const Actions = styled.div`
  display: flex;
  gap: 0.75rem;
  justify-content: center;
  flex-wrap: wrap;
  margin-top: 2rem;
`;
const Features = styled.section`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: 1.25rem;
  max-width: 1120px;
  margin: 0 auto;
  padding: 2rem 1.5rem 4rem;
  scroll-margin-top: 1rem;
`;
const Feature = styled.article`
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  padding: 1.5rem;
  box-shadow: ${({ theme }) => theme.color.shadow};
  h2 {
    font-size: 1.1rem;
    margin-top: 1rem;
  }
  p {
    margin-top: 0.4rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
const IconBox = styled.div`
  display: inline-flex;
  padding: 0.6rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.primary};
  svg {
    width: 1.4rem;
    height: 1.4rem;
  }
`;
const Cta = styled.section`
  max-width: 1120px;
  margin: 0 auto 4rem;
  width: calc(100% - 3rem);
  padding: 3rem 1.5rem;
  text-align: center;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  h2 {
    font-size: 1.8rem;
  }
  p {
    margin: 0.75rem 0 1.75rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
const Footer = styled.footer`
  margin-top: auto;
  padding: 2rem 1.5rem;
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;
