// Mantine's PostCSS preset lets component CSS modules use rem()/light-dark() and Mantine's breakpoint mixins.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
