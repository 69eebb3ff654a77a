// Types for parse-prometheus-text-format (a devDependency without its own): the prom2json shape.
declare module "parse-prometheus-text-format" {
  type Labels = Record<string, string>;
  export type ParsedFamily = {
    name: string;
    help: string;
    type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED";
    metrics: {
      labels?: Labels;
      value?: string;
      buckets?: Record<string, string>;
      quantiles?: Record<string, string>;
      count?: string;
      sum?: string;
    }[];
  };
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}
