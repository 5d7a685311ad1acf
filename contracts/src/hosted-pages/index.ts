export * from './hosted-page.styles';
export * from './hosted-page.dto';
