// Types of test-report.mjs, for the tests that import it.
export declare function failedUnitTests(report: unknown, root?: string): string[];
export declare function failedEndToEndTests(report: unknown): string[];
