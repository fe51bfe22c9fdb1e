# Sourced by the scripts that need a Debian package a fresh machine may lack (with-postgres.sh,
# test-dates.sh): installs it with apt-get as root, or stops saying how to get it.
#   install_debian_package <package> <what it is for>
install_debian_package() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "$1 is not installed; install it (apt-get install $1) or run as root." >&2
    exit 1
  fi
  echo "Installing Debian's $1 $2"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "$1"
}
