// Standalone entry; `bootstrap` is imported dynamically so the federation runtime can settle the
// shared singletons (react, antd, …) before any of them is used.
void import('./bootstrap');
