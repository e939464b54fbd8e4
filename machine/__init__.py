"""What lives on this computer and both the game and the host use: its key pairs, its log
files, writing a file safely. Not pure (it touches the disk), so not in `shared`; used by
`server` and `client` alike, so in neither."""
