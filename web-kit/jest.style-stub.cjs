// CSS imports have no meaning under jsdom; jest maps them here.
module.exports = {};
