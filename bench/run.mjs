// The benchmarks arrive with the service-order issue (bench/README.md).
console.log('No benchmarks yet: the service-order benchmarks arrive with that issue.');
